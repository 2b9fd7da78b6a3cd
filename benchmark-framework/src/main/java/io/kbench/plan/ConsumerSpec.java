package io.kbench.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.kbench.driver.StartPosition;
import java.time.Duration;

/**
 * One consumer to create: a member of group {@code subscription} (a consumer group, or a share group
 * when {@code plan.share()}) on {@code topic}.
 *
 * @param fromEnd start at the end of the topic (existing topics hold other data), not its beginning
 * @param plan how it is made and behaves; null: a consumer group member with the driver's defaults
 * @param startAgeMillis start at the records no older than this many ms instead (a group reading the past from an age);
 *     null: from the end or the beginning, as {@code fromEnd} says
 */
public record ConsumerSpec(String topic, String subscription, boolean fromEnd, ConsumerPlan plan, Long startAgeMillis) {

    public ConsumerSpec {
        plan = plan == null ? ConsumerPlan.DEFAULT : plan;
    }

    public ConsumerSpec(String topic, String subscription, boolean fromEnd, ConsumerPlan plan) {
        this(topic, subscription, fromEnd, plan, null);
    }

    public ConsumerSpec(String topic, String subscription) {
        this(topic, subscription, false, null);
    }

    /** Where a consumer group member starts in a partition its group has no position in: an age, the end, or the earliest. */
    @JsonIgnore
    public StartPosition start() {
        return startAgeMillis != null ? StartPosition.age(Duration.ofMillis(startAgeMillis))
                : fromEnd ? StartPosition.END : StartPosition.EARLIEST;
    }
}
