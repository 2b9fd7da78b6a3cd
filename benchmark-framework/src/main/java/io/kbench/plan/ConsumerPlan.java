package io.kbench.plan;

import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.ConsumerRequest.GroupProtocol;
import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.ShareGroupSettings.OffsetReset;
import io.kbench.driver.StartPosition;
import io.kbench.workload.ShareGroupSpec;
import io.kbench.workload.SubscriptionSpec;
import io.kbench.workload.SubscriptionSpec.ProcessingDistribution;
import java.time.Duration;

/**
 * How one consumer is made and behaves, beyond its topic and group, as it travels to a worker (plain
 * values: durations in milliseconds and microseconds). From the workload's {@code subscription:} section.
 *
 * @param share a share group's member, not a consumer group's
 * @param groupProtocol a consumer group member's protocol, or null for the driver's default
 * @param groupInstanceId a static member's identity, or null
 * @param sessionTimeoutMillis a consumer group member's session timeout, or null for the default
 * @param processingMicros each record's processing time on average; 0 for none
 * @param processingDistribution how processing times vary around the average
 * @param acknowledgement a share consumer's acknowledgement mode
 * @param releasePercent a share consumer's share of deliveries released
 * @param rejectPercent a share consumer's share of deliveries rejected
 * @param recordLockMillis the share group's record lock duration, or null for the default
 * @param deliveryCountLimit the share group's delivery count limit, or null for the default
 * @param autoOffsetReset the share group's start, or null for earliest
 * @param rereadsExpected consumers will join, leave or crash: a record read again by another member after a rebalance is
 *     a redelivery, not a duplicate
 * @param groupFigures the run keeps each group's own figures (some groups read the past): every consumer's records are
 *     counted by group, with their positions
 */
public record ConsumerPlan(
        boolean share,
        GroupProtocol groupProtocol,
        String groupInstanceId,
        Long sessionTimeoutMillis,
        long processingMicros,
        ProcessingDistribution processingDistribution,
        AcknowledgementMode acknowledgement,
        double releasePercent,
        double rejectPercent,
        Long recordLockMillis,
        Integer deliveryCountLimit,
        OffsetReset autoOffsetReset,
        boolean rereadsExpected,
        boolean groupFigures) {

    /** A consumer group member with the driver's defaults. */
    public static final ConsumerPlan DEFAULT = of(SubscriptionSpec.DEFAULT, null, false);

    /** The same consumer, its group's own figures kept or not. */
    public ConsumerPlan withGroupFigures(boolean on) {
        return new ConsumerPlan(share, groupProtocol, groupInstanceId, sessionTimeoutMillis, processingMicros, processingDistribution,
                acknowledgement, releasePercent, rejectPercent, recordLockMillis, deliveryCountLimit, autoOffsetReset, rereadsExpected, on);
    }

    /**
     * @param groupInstanceId the member's static identity, or null
     * @param rereadsExpected the workload has consumer events
     */
    public static ConsumerPlan of(SubscriptionSpec s, String groupInstanceId, boolean rereadsExpected) {
        ShareGroupSpec g = s.shareGroupOrDefault();
        return new ConsumerPlan(s.share(), s.groupProtocol(), groupInstanceId,
                s.sessionTimeout() == null ? null : s.sessionTimeout().toMillis(), s.processingMicros(), s.processingTimeDistribution(),
                g.acknowledgement(), g.releasePercent(), g.rejectPercent(),
                g.recordLockDuration() == null ? null : g.recordLockDuration().toMillis(), g.deliveryCountLimit(), g.autoOffsetReset(),
                rereadsExpected, false);
    }

    /** What the driver is asked for when it makes a consumer group member: from the end, or from the earliest position. */
    public ConsumerRequest.GroupMember request(String topic, String group, ConsumerCallback callback, boolean fromEnd) {
        return request(topic, group, callback, fromEnd ? StartPosition.END : StartPosition.EARLIEST);
    }

    /** What the driver is asked for when it makes a consumer group member starting at {@code start}. */
    public ConsumerRequest.GroupMember request(String topic, String group, ConsumerCallback callback, StartPosition start) {
        return ConsumerRequest.groupMember(topic, group, callback).from(start)
                .withProtocol(groupProtocol).withGroupInstanceId(groupInstanceId)
                .withSessionTimeout(sessionTimeoutMillis == null ? null : Duration.ofMillis(sessionTimeoutMillis));
    }

    /** The share group's settings for the driver. */
    public ShareGroupSettings shareSettings() {
        return new ShareGroupSettings(recordLockMillis == null ? null : Duration.ofMillis(recordLockMillis), deliveryCountLimit,
                autoOffsetReset);
    }

    public ProcessingTime processing() {
        return new ProcessingTime(processingMicros, processingDistribution);
    }
}
