package io.kbench.workload;

import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.ShareGroupSettings.OffsetReset;
import java.time.Duration;

/**
 * A workload's {@code subscription.shareGroup:} section: how share consumers acknowledge records and the
 * group's own settings. Shares are percentages of deliveries: each delivered record is released with
 * probability {@code releasePercent}, rejected with {@code rejectPercent}, and accepted otherwise.
 *
 * @param acknowledgement {@code explicit} (the default when a share is set; each record acknowledged as
 *     decided) or {@code implicit} (every record accepted by the next poll)
 * @param releasePercent share of deliveries released (delivered again), 0 to 100
 * @param rejectPercent share of deliveries rejected (archived, never delivered again), 0 to 100
 * @param recordLockDuration how long a member holds an acquired record before it is delivered again
 * @param deliveryCountLimit deliveries after which a released record is archived
 * @param autoOffsetReset where the new group starts: {@code earliest} (the default) or {@code latest}
 */
public record ShareGroupSpec(
        AcknowledgementMode acknowledgement,
        Double releasePercent,
        Double rejectPercent,
        Duration recordLockDuration,
        Integer deliveryCountLimit,
        OffsetReset autoOffsetReset) {

    public static final ShareGroupSpec DEFAULT = new ShareGroupSpec(null, null, null, null, null, null);

    public ShareGroupSpec {
        releasePercent = releasePercent == null ? 0.0 : releasePercent;
        rejectPercent = rejectPercent == null ? 0.0 : rejectPercent;
        if (acknowledgement == null) {
            acknowledgement = releasePercent > 0 || rejectPercent > 0 ? AcknowledgementMode.EXPLICIT : AcknowledgementMode.IMPLICIT;
        }
    }

    /** The group's settings for the driver. */
    public ShareGroupSettings settings() {
        return new ShareGroupSettings(recordLockDuration, deliveryCountLimit, autoOffsetReset);
    }
}
