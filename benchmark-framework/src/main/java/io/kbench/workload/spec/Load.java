package io.kbench.workload.spec;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.OptionalDouble;

/**
 * The numbers the producers' load starts from, read from the rate's forms once.
 *
 * @param perSecond the rate the load starts at, messages per second across all producers; -1 for unthrottled (also
 *     for a prefill without a producerRate); a ramp or steps shape it from here
 * @param whileDraining the producers' rate while a backlog drains or groups catch up (drainProducerRate, 0 with
 *     consumerOnly); empty to keep the rate
 * @param scale the factor --scale multiplied the rates by; 1 when not scaled
 * @param maxInFlightMessages at most this many messages sent but not yet consumed; 0 for no limit
 */
@RecordBuilder
public record Load(double perSecond, OptionalDouble whileDraining, double scale, int maxInFlightMessages)
        implements LoadBuilder.With {

    public static final double UNTHROTTLED = -1;

    /** Whether a gate holds the producers until their messages are consumed. */
    public boolean limitsInFlight() {
        return maxInFlightMessages > 0;
    }
}
