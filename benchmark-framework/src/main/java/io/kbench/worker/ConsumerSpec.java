package io.kbench.worker;

/** One consumer to create: a member of consumer group {@code subscription} on {@code topic}. */
public record ConsumerSpec(String topic, String subscription) {}
