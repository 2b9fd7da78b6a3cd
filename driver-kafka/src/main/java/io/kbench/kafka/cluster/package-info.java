/**
 * What the Kafka driver asks of a local cluster it starts for a run (its driver file's
 * {@code localCluster}); the local-kafka module provides it through ServiceLoader, so this jar does
 * not depend on the broker.
 */
package io.kbench.kafka.cluster;
