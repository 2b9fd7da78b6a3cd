package io.kbench.features.consumerevents;

import io.kbench.features.consumerevents.ConsumerEvents.Cost;
import io.kbench.features.consumerevents.ConsumerEvents.Gaps;
import io.kbench.features.consumerevents.ConsumerEvents.Impact;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.kbench.time.Attempt;
import io.kbench.workload.Choice;
import io.kbench.workload.ConsumerEventSpec.Kind;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A consumer event's {@link Impact} as the result's {@code consumerEvents} list writes it: one flat object, a field null
 * (or 0) where the event has no such part. The file's form only; the code reads the sealed {@link Impact}. Rates are
 * messages consumed per second by every subscription; latencies end to end, in µs.
 *
 * @param type e.g. {@code consumer-crash}; a kind this version does not know is kept as written
 * @param count consumers affected; null for worker-restart
 * @param worker the worker restarted, as the workload gives it; null for the other types (and when not given)
 * @param subscription the group the event acted on
 * @param plannedAfterMillis when it was planned, from the start of the measurement
 * @param appliedAfterMillis when it was applied (tried), from the start of the measurement; null if it was not
 * @param appliedElapsedMicros when it was applied on the periods' time axis; null if not
 * @param appliedAt when it was applied, ISO-8601; null if not
 * @param outcome what was done, or why not
 * @param applied whether it was done
 * @param timeToStableMillis see {@link Cost#timeToStableMillis()}; null when not stable or not applied
 * @param longestUnconsumedMillis see {@link Gaps#longestMillis()}; null when not known
 * @param longestUnconsumedPartition that partition; null when not known
 * @param baselineLongestUnconsumedMillis see {@link Gaps#baselineLongestMillis()}; null when not known
 * @param partitionsPaused see {@link Gaps#partitionsPaused()}; null when not known
 * @param partitions the partitions consumed at all; null when not known
 * @param consumedPerSecondBefore see {@link Cost}; 0 when not applied
 * @param consumedPerSecondDuring see {@link Cost}; 0 when not applied
 * @param duringToBeforeRatio during / before; null when nothing was consumed before
 * @param p99BeforeMicros see {@link Cost}; 0 when not applied
 * @param p99PeakMicros see {@link Cost}; 0 when not applied
 * @param spikeWidthMillis see {@link Cost}; 0 when not applied
 */
record ImpactRow(
        @JsonDeserialize(using = TypeBinder.class) Choice<Kind> type,
        Integer count,
        Integer worker,
        String subscription,
        long plannedAfterMillis,
        Long appliedAfterMillis,
        Long appliedElapsedMicros,
        String appliedAt,
        String outcome,
        boolean applied,
        Long timeToStableMillis,
        Long longestUnconsumedMillis,
        Integer longestUnconsumedPartition,
        Long baselineLongestUnconsumedMillis,
        Integer partitionsPaused,
        Integer partitions,
        double consumedPerSecondBefore,
        double consumedPerSecondDuring,
        Double duringToBeforeRatio,
        long p99BeforeMicros,
        long p99PeakMicros,
        long spikeWidthMillis) {

    static ImpactRow of(Impact impact) {
        EventAction action = impact.action();
        Integer count = action instanceof EventAction.Consumers c ? Integer.valueOf(c.count())
                : action instanceof EventAction.Unrecognised u ? boxed(u.count()) : null;
        Integer worker = action instanceof EventAction.WorkerRestart r ? boxed(r.worker())
                : action instanceof EventAction.Unrecognised u ? boxed(u.worker()) : null;
        Optional<Attempt> at = impact.attempt();
        Optional<Cost> cost = impact instanceof Impact.Applied applied ? Optional.of(applied.cost()) : Optional.empty();
        Optional<Gaps> gaps = cost.flatMap(Cost::gaps);
        return new ImpactRow(action.type(), count, worker, impact.subscription(), impact.plannedAfterMillis(),
                at.map(Attempt::afterMillis).orElse(null),
                at.map(Attempt::elapsedMicros).orElse(null),
                at.map(Attempt::at).orElse(null),
                impact.outcome(),
                impact.applied(),
                cost.map(x -> boxed(x.timeToStableMillis())).orElse(null),
                gaps.map(g -> boxed(g.longestMillis())).orElse(null),
                gaps.map(g -> boxed(g.longestPartition())).orElse(null),
                gaps.map(Gaps::baselineLongestMillis).orElse(null),
                gaps.map(Gaps::partitionsPaused).orElse(null),
                gaps.map(Gaps::partitions).orElse(null),
                cost.map(Cost::consumedPerSecondBefore).orElse(0.0),
                cost.map(Cost::consumedPerSecondDuring).orElse(0.0),
                cost.map(x -> x.duringToBeforeRatio().isPresent() ? x.duringToBeforeRatio().getAsDouble() : null).orElse(null),
                cost.map(Cost::p99BeforeMicros).orElse(0L),
                cost.map(Cost::p99PeakMicros).orElse(0L),
                cost.map(Cost::spikeWidthMillis).orElse(0L));
    }

    /** The impact this row holds: applied (with its cost) when it says so and has a time of application, else not applied. */
    Impact impact() {
        Kind kind = type.value().orElse(null);
        EventAction action = kind == null ? new EventAction.Unrecognised(type.written(), optional(count), optional(worker))
                : kind == Kind.WORKER_RESTART ? new EventAction.WorkerRestart(optional(worker))
                : new EventAction.Consumers(kind, count == null ? 1 : count);
        Optional<Attempt> at = appliedAfterMillis == null || appliedElapsedMicros == null || appliedAt == null ? Optional.empty()
                : Optional.of(new Attempt(appliedAfterMillis, appliedElapsedMicros, appliedAt));
        String said = outcome == null ? "" : outcome;
        if (!applied || at.isEmpty()) {
            return new Impact.NotApplied(action, subscription, plannedAfterMillis, at, said);
        }
        Optional<Gaps> gaps = partitionsPaused == null || partitions == null || baselineLongestUnconsumedMillis == null ? Optional.empty()
                : Optional.of(new Gaps(optional(longestUnconsumedMillis), optional(longestUnconsumedPartition),
                        baselineLongestUnconsumedMillis, partitionsPaused, partitions));
        Cost cost = new Cost(optional(timeToStableMillis), gaps, consumedPerSecondBefore, consumedPerSecondDuring, p99BeforeMicros,
                p99PeakMicros, spikeWidthMillis);
        return new Impact.Applied(action, subscription, plannedAfterMillis, at.get(), said, cost);
    }

    private static Integer boxed(OptionalInt value) {
        return value.isPresent() ? value.getAsInt() : null;
    }

    private static Long boxed(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() : null;
    }

    private static OptionalInt optional(Integer value) {
        return value == null ? OptionalInt.empty() : OptionalInt.of(value);
    }

    private static OptionalLong optional(Long value) {
        return value == null ? OptionalLong.empty() : OptionalLong.of(value);
    }

    /** Reads an event's kind by its label, keeping one this version does not know as written. */
    static final class TypeBinder extends Choice.Binder<Kind> {
        private static final long serialVersionUID = 1L;

        TypeBinder() {
            super(Kind::byLabel);
        }
    }
}
