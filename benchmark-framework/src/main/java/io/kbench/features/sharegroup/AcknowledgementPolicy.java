package io.kbench.features.sharegroup;

import io.kbench.driver.Acknowledgement;
import java.util.SplittableRandom;

/**
 * How a share consumer acknowledges each delivery: released with probability {@code releasePercent},
 * rejected with {@code rejectPercent}, accepted otherwise (the workload's checks keep both within
 * 0..100 and their sum at most 100).
 *
 * @param releasePercent share of deliveries released, 0 to 100
 * @param rejectPercent share of deliveries rejected, 0 to 100
 */
public record AcknowledgementPolicy(double releasePercent, double rejectPercent) {

    public static final AcknowledgementPolicy ACCEPT_ALL = new AcknowledgementPolicy(0, 0);

    public AcknowledgementPolicy {
        if (releasePercent < 0 || rejectPercent < 0 || releasePercent + rejectPercent > 100) {
            throw new IllegalArgumentException("release " + releasePercent + "% and reject " + rejectPercent
                    + "% must be 0 or more and add up to 100 at most");
        }
    }

    /** The acknowledgement of one delivery. */
    public Acknowledgement decide(SplittableRandom random) {
        if (releasePercent == 0 && rejectPercent == 0) {
            return Acknowledgement.ACCEPT;
        }
        double u = random.nextDouble() * 100;
        return u < releasePercent ? Acknowledgement.RELEASE : u < releasePercent + rejectPercent ? Acknowledgement.REJECT
                : Acknowledgement.ACCEPT;
    }
}
