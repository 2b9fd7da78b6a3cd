package io.kbench.features.consumerevents;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.features.consumerevents.ActivityTrack.Interval;
import io.kbench.model.PeriodSummary;
import io.kbench.model.ResultSection;
import io.kbench.time.Attempt;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The result's {@code consumerEvents} section: each consumer event of the workload, what was done, and
 * what it cost the group. Absent for a run without consumer events. Written one {@link ImpactRow} per event.
 */
public record ConsumerEvents(List<Impact> events) implements ResultSection {

    /** How far back the figures "before" an event look. */
    static final long BEFORE_MICROS = 5_000_000;
    /**
     * A partition unconsumed after an event for at least this long, and three times the longest pause of any partition
     * in the 5 s before, was paused by it.
     */
    static final long PAUSE_MICROS = 100_000;
    /** A period's p99 above this multiple of the baseline belongs to the spike. */
    static final double SPIKE_FACTOR = 2.0;

    public ConsumerEvents {
        events = List.copyOf(events);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static ConsumerEvents read(List<ImpactRow> rows) {
        return new ConsumerEvents(rows.stream().map(ImpactRow::impact).toList());
    }

    /** As the result writes it. */
    @JsonValue
    List<ImpactRow> rows() {
        return events.stream().map(ImpactRow::of).toList();
    }

    /**
     * One event and its cost: applied, with its cost; or not applied (never tried, or tried and failed), with why.
     */
    public sealed interface Impact {

        /** What the event did. */
        EventAction action();

        /** The group the event acted on (a worker-restart: whose assignment and partitions were watched). */
        String subscription();

        /** When it was planned, from the start of the measurement. */
        long plannedAfterMillis();

        /** When it was tried; empty when it never was. */
        Optional<Attempt> attempt();

        /** What was done, or why not. */
        String outcome();

        /** Whether it was done. */
        boolean applied();

        /** One line for the final report. */
        String line();

        /** Not done: never tried ({@code attempt} empty), or tried and failed. */
        record NotApplied(EventAction action, String subscription, long plannedAfterMillis, Optional<Attempt> attempt, String outcome)
                implements Impact {
            public NotApplied {
                Objects.requireNonNull(action, "action");
                Objects.requireNonNull(attempt, "attempt");
                Objects.requireNonNull(outcome, "outcome");
            }

            @Override
            public boolean applied() {
                return false;
            }

            @Override
            public String line() {
                return String.format(Locale.ROOT, "Consumer event %s on %s at %.1f s: %s", action.type().written(), subscription,
                        plannedAfterMillis / 1e3, outcome);
            }
        }

        /** Done at {@code at}, and what it cost. */
        record Applied(EventAction action, String subscription, long plannedAfterMillis, Attempt at, String outcome, Cost cost)
                implements Impact {
            public Applied {
                Objects.requireNonNull(action, "action");
                Objects.requireNonNull(at, "at");
                Objects.requireNonNull(outcome, "outcome");
                Objects.requireNonNull(cost, "cost");
            }

            @Override
            public Optional<Attempt> attempt() {
                return Optional.of(at);
            }

            @Override
            public boolean applied() {
                return true;
            }

            @Override
            public String line() {
                Optional<Gaps> gaps = cost.gaps();
                return String.format(Locale.ROOT, "Consumer event %s%s on %s at %.1f s: stable after %s, longest unconsumed partition %s "
                                + "(%s before), %s partitions paused, %,.1f msg/s during vs %,.1f before (%s), e2e p99 %.1f ms peak vs "
                                + "%.1f ms before, spike %.1f s wide",
                        action.type().written(), action.detail(), subscription, at.afterMillis() / 1e3,
                        millis(cost.timeToStableMillis(), "(not stable)"),
                        millis(gaps.map(Gaps::longestMillis).orElse(OptionalLong.empty()), "unknown"),
                        gaps.map(g -> String.format(Locale.ROOT, "%,d ms", g.baselineLongestMillis())).orElse("unknown"),
                        gaps.map(g -> g.partitionsPaused() + " of " + g.partitions()).orElse("?"),
                        cost.consumedPerSecondDuring(), cost.consumedPerSecondBefore(),
                        cost.duringToBeforeRatio().isPresent()
                                ? String.format(Locale.ROOT, "%.0f%%", 100 * cost.duringToBeforeRatio().getAsDouble()) : "-",
                        cost.p99PeakMicros() / 1e3, cost.p99BeforeMicros() / 1e3, cost.spikeWidthMillis() / 1e3);
            }

            private static String millis(OptionalLong value, String absent) {
                return value.isPresent() ? String.format(Locale.ROOT, "%,d ms", value.getAsLong()) : absent;
            }
        }
    }

    /**
     * What an applied event cost. Rates are messages consumed per second by every subscription (the event acts on one);
     * latencies end to end, in µs; the periods are the run's progress periods.
     *
     * @param timeToStableMillis from the event until every partition was held again and every member held one (share
     *     group: every member held one); empty when not stable before the next event or the end
     * @param gaps how long the subscription's partitions went unconsumed; empty when the workers' activity is not known
     * @param consumedPerSecondBefore messages consumed per second in the periods of the 5 s before the event
     * @param consumedPerSecondDuring messages consumed per second in the periods from the event until stable (at least one)
     * @param p99BeforeMicros the median of the periods' p99 end-to-end latency in the 5 s before
     * @param p99PeakMicros the highest period p99 from the event to the next one (or the end)
     * @param spikeWidthMillis how long the p99 stayed above twice the baseline, from the first period after the event that
     *     did; 0 when none did
     */
    public record Cost(OptionalLong timeToStableMillis, Optional<Gaps> gaps, double consumedPerSecondBefore,
                       double consumedPerSecondDuring, long p99BeforeMicros, long p99PeakMicros, long spikeWidthMillis) {
        public Cost {
            Objects.requireNonNull(timeToStableMillis, "timeToStableMillis");
            Objects.requireNonNull(gaps, "gaps");
        }

        /** During / before; empty when nothing was consumed before. */
        public OptionalDouble duringToBeforeRatio() {
            return consumedPerSecondBefore > 0 ? OptionalDouble.of(consumedPerSecondDuring / consumedPerSecondBefore) : OptionalDouble.empty();
        }
    }

    /**
     * How long the partitions of an event's subscription went without a record consumed.
     *
     * @param longestMillis the longest time any partition went unconsumed, from the event to the next one (or the end of the
     *     measurement); empty when no partition was consumed at all
     * @param longestPartition that partition; empty when not known
     * @param baselineLongestMillis the same in the 5 s before the event, for comparison (the load's own rhythm); pauses under
     *     50 ms are not kept, so 0 means none as long
     * @param partitionsPaused partitions unconsumed, from the event to the next one, for 100 ms or more and three times the
     *     longest pause before it: all of them in a stop-the-world rebalance, only those that moved in an incremental one
     * @param partitions the partitions of the subscription's topic that were consumed at all
     */
    public record Gaps(OptionalLong longestMillis, OptionalInt longestPartition, long baselineLongestMillis, int partitionsPaused,
                       int partitions) {
        public Gaps {
            Objects.requireNonNull(longestMillis, "longestMillis");
            Objects.requireNonNull(longestPartition, "longestPartition");
        }
    }

    /**
     * What each event cost.
     *
     * @param records the runner's account of each event
     * @param periods the run's progress periods (time axis: from the start of the load)
     * @param tracks every worker's partition activity
     * @param subscriptions the subscription each event acted on, one per record
     * @param measureEndElapsedMicros the end of the measurement on the periods' axis
     */
    public static ConsumerEvents analyse(List<EventRecord> records, List<PeriodSummary> periods, List<ActivityTrack> tracks,
                                         List<String> subscriptions, long measureEndElapsedMicros) {
        if (subscriptions.size() != records.size()) {
            throw new IllegalArgumentException(records.size() + " events but " + subscriptions.size() + " subscriptions");
        }
        List<Impact> out = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            EventRecord r = records.get(i);
            String subscription = subscriptions.get(i);
            if (!(r instanceof EventRecord.Tried tried) || !tried.applied()) {
                out.add(new Impact.NotApplied(r.action(), subscription, r.plannedAfterMillis(), r.attempt(), r.outcome()));
                continue;
            }
            long t = tried.at().elapsedMicros();
            long end = measureEndElapsedMicros;
            for (int j = i + 1; j < records.size(); j++) {
                Optional<Attempt> next = records.get(j).attempt();
                if (next.isPresent()) {
                    end = Math.min(end, next.get().elapsedMicros());
                    break;
                }
            }
            end = Math.max(end, t + 1);
            out.add(new Impact.Applied(r.action(), subscription, r.plannedAfterMillis(), tried.at(), r.outcome(),
                    cost(tried, t, end, periods, tracks, subscription)));
        }
        return new ConsumerEvents(out);
    }

    private static Cost cost(EventRecord.Tried r, long t, long end, List<PeriodSummary> periods, List<ActivityTrack> tracks,
                             String subscription) {
        List<PeriodSummary> before = periods.stream().filter(p -> p.elapsedMicros() <= t && p.elapsedMicros() > t - BEFORE_MICROS).toList();
        double rateBefore = rate(before);
        long stableMicros = r.stableAfterMillis().isEmpty() ? end - t : r.stableAfterMillis().getAsLong() * 1_000;
        List<PeriodSummary> during = new ArrayList<>();
        for (PeriodSummary p : periods) {
            long start = p.elapsedMicros() - p.durationMicros();
            if (p.elapsedMicros() > t && (start < t + stableMicros || during.isEmpty())) {
                during.add(p);
            }
        }
        double rateDuring = rate(during);
        long baseline = medianP99(before);
        long peak = 0;
        long width = 0;
        boolean inSpike = false;
        boolean spikeOver = false;
        for (PeriodSummary p : periods) {
            if (p.elapsedMicros() <= t || p.elapsedMicros() - p.durationMicros() >= end) {
                continue;
            }
            long p99 = p.endToEndLatency() == null ? 0 : p.endToEndLatency().p99Micros();
            peak = Math.max(peak, p99);
            boolean high = baseline > 0 && p99 > SPIKE_FACTOR * baseline;
            if (high && !spikeOver) {
                inSpike = true;
                width += p.durationMicros();
            } else if (inSpike) {
                spikeOver = true;
            }
        }
        Optional<Gaps> gaps = tracks.isEmpty() ? Optional.empty() : Optional.of(gaps(r, t, end, tracks, subscription));
        return new Cost(r.stableAfterMillis(), gaps, rateBefore, rateDuring, baseline, peak, width / 1_000);
    }

    /** How long the subscription's partitions went unconsumed after the event, and in the 5 s before. */
    private static Gaps gaps(EventRecord.Tried r, long t, long end, List<ActivityTrack> tracks, String subscription) {
        // The activity is on the epoch: the event's epoch time is its elapsed time plus the load's start.
        long loadStartEpoch = Instant.parse(r.at().at()).toEpochMilli() * 1_000 - t;
        Map<Integer, List<Interval>> idle = ActivityTrack.unconsumed(tracks, subscription, loadStartEpoch + t, loadStartEpoch + end);
        long from = Math.max(loadStartEpoch, loadStartEpoch + t - BEFORE_MICROS);
        long baselineGap = 0; // pauses under PartitionActivity.MIN_GAP_MICROS are not kept
        for (List<Interval> list : ActivityTrack.unconsumed(tracks, subscription, from, loadStartEpoch + t).values()) {
            for (Interval i : list) {
                baselineGap = Math.max(baselineGap, i.micros() / 1_000);
            }
        }
        long pause = Math.max(PAUSE_MICROS, 3_000 * baselineGap);
        int paused = 0;
        OptionalLong longest = idle.isEmpty() ? OptionalLong.empty() : OptionalLong.of(0);
        OptionalInt longestPartition = OptionalInt.empty();
        for (Map.Entry<Integer, List<Interval>> e : idle.entrySet()) {
            if (e.getValue().stream().anyMatch(i -> i.micros() >= pause)) {
                paused++;
            }
            for (Interval i : e.getValue()) {
                if (longestPartition.isEmpty() || i.micros() / 1_000 > longest.getAsLong()) {
                    longest = OptionalLong.of(i.micros() / 1_000);
                    longestPartition = OptionalInt.of(e.getKey());
                }
            }
        }
        return new Gaps(longest, longestPartition, baselineGap, paused, idle.size());
    }

    private static double rate(List<PeriodSummary> periods) {
        double messages = 0;
        long micros = 0;
        for (PeriodSummary p : periods) {
            messages += p.consumeRate() * p.durationMicros() / 1e6;
            micros += p.durationMicros();
        }
        return micros == 0 ? 0 : messages * 1e6 / micros;
    }

    private static long medianP99(List<PeriodSummary> periods) {
        long[] values = periods.stream().filter(p -> p.endToEndLatency() != null && p.endToEndLatency().count() > 0)
                .mapToLong(p -> p.endToEndLatency().p99Micros()).sorted().toArray();
        return values.length == 0 ? 0 : values[values.length / 2];
    }

    /** The final lines, one per event. */
    public List<String> lines() {
        return events.stream().map(Impact::line).toList();
    }
}
