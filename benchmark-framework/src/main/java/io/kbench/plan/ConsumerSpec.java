package io.kbench.plan;

/**
 * One consumer to create: a member of group {@code subscription} (a consumer group, or a share group
 * when {@code plan.share()}) on {@code topic}.
 *
 * @param fromEnd start at the end of the topic (existing topics hold other data), not its beginning
 * @param plan how it is made and behaves; null: a consumer group member with the driver's defaults
 */
public record ConsumerSpec(String topic, String subscription, boolean fromEnd, ConsumerPlan plan) {

    public ConsumerSpec {
        plan = plan == null ? ConsumerPlan.DEFAULT : plan;
    }

    public ConsumerSpec(String topic, String subscription) {
        this(topic, subscription, false, null);
    }
}
