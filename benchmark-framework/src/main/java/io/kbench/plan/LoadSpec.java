package io.kbench.plan;

import io.kbench.time.RateProfile;
import io.kbench.workload.KeyDistributorType;
import io.kbench.workload.PayloadSpec;

/**
 * The load every worker applies to its producers; the same for all workers.
 *
 * @param totalRatePerSecond messages per second across all producers of the run, or -1 for unthrottled
 * @param totalProducers number of producers in the whole run
 * @param totalMessageCount messages to send in all (split over producers by index), or 0 for no limit
 * @param payload how to build the payloads
 * @param keyDistributor how to choose keys
 * @param maxInFlightMessages at most this many messages sent and not yet consumed on a worker, or 0 for no limit
 * @param stamps what each message carries for the consumers: nothing when nobody consumes (which spares the
 *     driver that work), its intended send time, and with the integrity check its producer and sequence
 * @param shape how the total rate moves over time (ramps, steps), or null for {@code totalRatePerSecond} throughout
 * @param traffic keys from a distribution or partitions by weight; {@link TrafficSpec#NONE} for neither
 */
public record LoadSpec(
        double totalRatePerSecond,
        int totalProducers,
        long totalMessageCount,
        PayloadSpec payload,
        KeyDistributorType keyDistributor,
        int maxInFlightMessages,
        StampMode stamps,
        RateShape shape,
        TrafficSpec traffic) {

    public LoadSpec {
        traffic = traffic == null ? TrafficSpec.NONE : traffic;
    }

    /** A load without keys from a distribution or partition weights. */
    public LoadSpec(double totalRatePerSecond, int totalProducers, long totalMessageCount, PayloadSpec payload,
                    KeyDistributorType keyDistributor, int maxInFlightMessages, StampMode stamps, RateShape shape) {
        this(totalRatePerSecond, totalProducers, totalMessageCount, payload, keyDistributor, maxInFlightMessages, stamps, shape,
                TrafficSpec.NONE);
    }

    /** A load whose messages carry their send time, producer and sequence. */
    public LoadSpec(double totalRatePerSecond, int totalProducers, long totalMessageCount, PayloadSpec payload,
                    KeyDistributorType keyDistributor, int maxInFlightMessages) {
        this(totalRatePerSecond, totalProducers, totalMessageCount, payload, keyDistributor, maxInFlightMessages,
                StampMode.TIME_AND_SEQUENCE, null);
    }

    public LoadSpec(double totalRatePerSecond, int totalProducers, long totalMessageCount, PayloadSpec payload,
                    KeyDistributorType keyDistributor, int maxInFlightMessages, StampMode stamps) {
        this(totalRatePerSecond, totalProducers, totalMessageCount, payload, keyDistributor, maxInFlightMessages, stamps, null);
    }

    /** The same load at one constant rate (no shape), messages per second across all producers. */
    public LoadSpec withRate(double ratePerSecond) {
        return new LoadSpec(ratePerSecond, totalProducers, totalMessageCount, payload, keyDistributor, maxInFlightMessages, stamps, null,
                traffic);
    }

    /** Producers follow a schedule (a rate or a shape), as opposed to sending as fast as the client takes. */
    public boolean throttled() {
        return totalRatePerSecond > 0 || shape != null;
    }

    /** The profile of the total rate from {@code startNanos}. */
    public RateProfile profileFrom(long startNanos) {
        return shape != null ? shape.profileFrom(startNanos) : RateProfile.constant(startNanos, totalRatePerSecond);
    }

    /** The messages producer {@code index} sends, or {@link Long#MAX_VALUE} without a count. */
    public long quotaOf(int index) {
        if (totalMessageCount <= 0) {
            return Long.MAX_VALUE;
        }
        long base = totalMessageCount / totalProducers;
        return base + (index < totalMessageCount % totalProducers ? 1 : 0);
    }
}
