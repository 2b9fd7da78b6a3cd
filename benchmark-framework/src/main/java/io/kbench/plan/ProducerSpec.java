package io.kbench.plan;

/**
 * One producer to create.
 *
 * @param topic the topic it sends to
 * @param index its index among all producers of the run (0-based); fixes its place in the
 *     combined schedule and its share of a message count
 */
public record ProducerSpec(String topic, int index) {}
