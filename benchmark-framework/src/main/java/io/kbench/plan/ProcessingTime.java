package io.kbench.plan;

import io.kbench.workload.SubscriptionSpec.ProcessingDistribution;
import java.util.SplittableRandom;

/**
 * How long a consumer takes to process one record: a modelled slow consumer, spent on the consumer's
 * own thread so that it holds up the records behind it as real processing would.
 *
 * @param meanMicros the average, in microseconds; 0 for none
 * @param distribution fixed, exponential (that mean) or uniform (0 to twice the mean)
 */
public record ProcessingTime(long meanMicros, ProcessingDistribution distribution) {

    public static final ProcessingTime NONE = new ProcessingTime(0, ProcessingDistribution.FIXED);

    public ProcessingTime {
        if (meanMicros < 0) {
            throw new IllegalArgumentException("processing time must not be negative, got " + meanMicros + " µs");
        }
        distribution = distribution == null ? ProcessingDistribution.FIXED : distribution;
    }

    public boolean none() {
        return meanMicros == 0;
    }

    /** One record's processing time, in nanoseconds. */
    public long sampleNanos(SplittableRandom random) {
        if (meanMicros == 0) {
            return 0;
        }
        double mean = meanMicros * 1_000.0;
        return switch (distribution) {
            case FIXED -> (long) mean;
            case EXPONENTIAL -> (long) (-mean * Math.log(1 - random.nextDouble()));
            case UNIFORM -> (long) (random.nextDouble() * 2 * mean);
        };
    }
}
