package io.kbench.workload;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.kbench.config.DurationParser;
import io.kbench.config.SignedDurationDeserializer;
import io.kbench.driver.Fault;
import io.kbench.driver.FaultType;
import java.time.Duration;

/**
 * One entry of a workload's {@code faults:} list: what happens to the cluster, and when.
 *
 * @param after when, from the start of the measurement
 * @param type one of {@link FaultType#labels()}, e.g. {@code broker-kill}, as written (the checks report one that names none)
 * @param broker the broker's 0-based index; by default the leader of the first topic's partition 0
 *     (a restart: the broker killed last)
 * @param duration how long a {@code broker-pause}, {@code network-freeze} or {@code network-delay} lasts
 * @param delay how long a {@code network-delay} holds each byte, each way (1ms to 5s)
 * @param to a {@code network-delay}'s delay at its end: the delay grows (or shrinks) linearly from {@code delay} to
 *     this over its duration (1ms to 5s); null for a steady delay
 */
public record FaultSpec(Duration after, @JsonDeserialize(using = FaultSpec.TypeBinder.class) Choice<FaultType> type, Integer broker,
                        Duration duration, @JsonDeserialize(using = SignedDurationDeserializer.class) Duration delay,
                        @JsonDeserialize(using = SignedDurationDeserializer.class) Duration to)
        implements TimelineEvent {

    /** A fault as written, with a steady delay or none. */
    public FaultSpec(Duration after, Choice<FaultType> type, Integer broker, Duration duration, Duration delay) {
        this(after, type, broker, duration, delay, null);
    }

    /** A fault of a known type. */
    public FaultSpec(Duration after, FaultType type, Integer broker, Duration duration, Duration delay) {
        this(after, new Choice.Known<>(type, type.label()), broker, duration, delay, null);
    }

    /** A fault of a known type, without a delay. */
    public FaultSpec(Duration after, FaultType type, Integer broker, Duration duration) {
        this(after, type, broker, duration, null);
    }

    /** The type, once validated. */
    public FaultType faultType() {
        return type.value().orElseThrow(() -> new IllegalStateException("unvalidated fault type " + type.written()));
    }

    /** What the cluster is asked to do, with the run's first topic for the default broker. */
    public Fault toFault(String firstTopic) {
        return new Fault(faultType(), broker, duration, firstTopic, delay, to);
    }

    /** "broker-kill of broker 1 at 20s", "network-delay of 50ms at 10s for 5s", "network-delay of 1ms to 40ms ...". */
    @Override
    public String describe() {
        return (type == null ? null : type.written()) + (broker == null ? "" : " of broker " + broker) + (delay == null ? "" : " of " + DurationParser.format(delay))
                + (to == null ? "" : " to " + DurationParser.format(to))
                + (after == null ? "" : " at " + DurationParser.format(after))
                + (duration == null ? "" : " for " + DurationParser.format(duration));
    }

    /** Binds {@code type:} by {@link FaultType}'s labels, keeping text that names none for the checks. */
    static final class TypeBinder extends Choice.Binder<FaultType> {
        private static final long serialVersionUID = 1L;

        TypeBinder() {
            super(FaultType::byLabel);
        }
    }
}
