package io.kbench.plan;

import io.kbench.workload.traffic.HeaderSpec;

/**
 * One producer to create.
 *
 * @param topic the topic it sends to
 * @param index its index among all producers of the run (0-based); fixes its place in the
 *     combined schedule and its share of a message count
 * @param partitions the topic's partitions, for producers that pick them by weight; 0 when unknown
 * @param headers the user headers on every message it sends, or null for none
 */
public record ProducerSpec(String topic, int index, int partitions, HeaderSpec headers) {

    /** A producer without user headers, its topic's partitions unknown. */
    public ProducerSpec(String topic, int index) {
        this(topic, index, 0, null);
    }
}
