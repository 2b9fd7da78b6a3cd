package io.kbench.worker;

/**
 * One consumer to create: a member of consumer group {@code subscription} on {@code topic}.
 *
 * @param fromEnd start at the end of the topic (existing topics hold other data), not its beginning
 */
public record ConsumerSpec(String topic, String subscription, boolean fromEnd) {

    public ConsumerSpec(String topic, String subscription) {
        this(topic, subscription, false);
    }
}
