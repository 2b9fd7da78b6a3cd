/**
 * The Kafka driver: producers, consumers and topics through kafka-clients, and its driver files.
 */
package io.kbench.kafka;
