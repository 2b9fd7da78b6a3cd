package io.kbench.driver;

import java.time.Duration;

/**
 * A share group's own settings, applied by {@link BenchmarkDriver#prepareShareGroup} before its
 * first consumer starts. {@code null} leaves a setting at the system's default. The system decides
 * which values it allows; a driver refuses one outside them with a {@link DriverException} naming
 * the setting and the allowed range.
 *
 * @param recordLockDuration how long a consumer holds the records it acquired before the system takes
 *     them back and delivers them again (Kafka: {@code share.record.lock.duration.ms}; default 30 s,
 *     allowed 15 s to 60 s unless the brokers say otherwise); positive; whole milliseconds
 * @param deliveryCountLimit how many times a record may be delivered: a record released or whose lock
 *     expired on its last allowed delivery is archived, never delivered again (Kafka:
 *     {@code share.delivery.count.limit}; default 5, allowed 2 to 10 unless the brokers say otherwise);
 *     positive
 * @param autoOffsetReset where a share group new to a topic starts; never {@code null}: {@link
 *     OffsetReset#EARLIEST} when not given, as the run's topics are new (Kafka's own default is latest,
 *     which would miss messages sent before the group first fetched)
 */
public record ShareGroupSettings(Duration recordLockDuration, Integer deliveryCountLimit, OffsetReset autoOffsetReset) {

    /** Every setting at the system's default, from the earliest offset. */
    public static final ShareGroupSettings DEFAULTS = new ShareGroupSettings(null, null, null);

    public ShareGroupSettings {
        if (recordLockDuration != null && (recordLockDuration.isNegative() || recordLockDuration.isZero())) {
            throw new IllegalArgumentException("the record lock duration must be positive, got " + recordLockDuration.toMillis() + " ms");
        }
        if (deliveryCountLimit != null && deliveryCountLimit < 1) {
            throw new IllegalArgumentException("the delivery count limit must be at least 1, got " + deliveryCountLimit);
        }
        autoOffsetReset = autoOffsetReset == null ? OffsetReset.EARLIEST : autoOffsetReset;
    }

    public ShareGroupSettings withRecordLockDuration(Duration recordLockDuration) {
        return new ShareGroupSettings(recordLockDuration, deliveryCountLimit, autoOffsetReset);
    }

    public ShareGroupSettings withDeliveryCountLimit(Integer deliveryCountLimit) {
        return new ShareGroupSettings(recordLockDuration, deliveryCountLimit, autoOffsetReset);
    }

    public ShareGroupSettings withAutoOffsetReset(OffsetReset autoOffsetReset) {
        return new ShareGroupSettings(recordLockDuration, deliveryCountLimit, autoOffsetReset);
    }

    /** Where a share group new to a topic starts reading each partition. */
    public enum OffsetReset {
        /** At the first record the partition holds. */
        EARLIEST,
        /** At the partition's end when the group first reads it: only records written after that. */
        LATEST
    }
}
