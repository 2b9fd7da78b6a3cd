/**
 * A local KRaft cluster of 1 or more brokers on 127.0.0.1, each in its own JVM, with fault
 * injection; it implements the Kafka driver's io.kbench.kafka.cluster seam.
 */
package io.kbench.kafka.local;
