package io.kbench.features.consumerevents;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.features.consumerevents.ActivityTrack.Interval;
import io.kbench.features.consumerevents.ConsumerEventRunner.EventRecord;
import io.kbench.model.PeriodSummary;
import io.kbench.model.ResultSection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The result's {@code consumerEvents} section: each consumer event of the workload, what was done, and
 * what it cost the group. Absent for a run without consumer events.
 */
public record ConsumerEvents(@JsonValue List<Impact> events) implements ResultSection {

    /** How far back the figures "before" an event look. */
    static final long BEFORE_MICROS = 5_000_000;
    /**
     * A partition unconsumed after an event for at least this long, and three times the longest pause of any partition
     * in the 5 s before, was paused by it.
     */
    static final long PAUSE_MICROS = 100_000;
    /** A period's p99 above this multiple of the baseline belongs to the spike. */
    static final double SPIKE_FACTOR = 2.0;

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public ConsumerEvents {
        events = List.copyOf(events);
    }

    /**
     * One event and its cost. Rates are messages consumed per second by every subscription (the event acts on
     * one); latencies end to end, in µs; the periods are the run's progress periods.
     *
     * @param type e.g. {@code consumer-crash}
     * @param count consumers affected; null for worker-restart
     * @param worker the worker restarted; null for the other types
     * @param subscription the group the event acted on (a worker-restart: whose assignment and partitions were watched)
     * @param plannedAfterMillis when it was planned, from the start of the measurement
     * @param appliedAfterMillis when it was applied, from the start of the measurement; null if it was not
     * @param appliedElapsedMicros when it was applied on the periods' time axis; null if not
     * @param appliedAt when it was applied, ISO-8601; null if not
     * @param outcome what was done, or why not
     * @param applied whether it was done
     * @param timeToStableMillis from the event until every partition was held again and every member held one (share
     *     group: every member held one); null when not stable before the next event or the end
     * @param longestUnconsumedMillis the longest time any partition went without a record consumed, from the event to
     *     the next one (or the end of the measurement); null when not known
     * @param longestUnconsumedPartition that partition; null when not known
     * @param baselineLongestUnconsumedMillis the same in the 5 s before the event, for comparison (the load's own rhythm);
     *     pauses under 50 ms are not kept, so 0 means none as long
     * @param partitionsPaused partitions unconsumed, from the event to the next one, for 100 ms or more and three times
     *     the longest pause before it: all of them in a stop-the-world rebalance, only those that moved in an incremental
     *     one; null when not known
     * @param partitions the partitions of the subscription's topic that were consumed at all
     * @param consumedPerSecondBefore messages consumed per second in the periods of the 5 s before the event
     * @param consumedPerSecondDuring messages consumed per second in the periods from the event until stable (at least one)
     * @param duringToBeforeRatio during / before; null when nothing was consumed before
     * @param p99BeforeMicros the median of the periods' p99 end-to-end latency in the 5 s before
     * @param p99PeakMicros the highest period p99 from the event to the next one (or the end)
     * @param spikeWidthMillis how long the p99 stayed above twice the baseline, from the first period after the event that
     *     did; 0 when none did
     */
    public record Impact(
            String type,
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

        /** One line for the final report. */
        public String line() {
            if (!applied) {
                return String.format(Locale.ROOT, "Consumer event %s on %s at %.1f s: %s", type, subscription, plannedAfterMillis / 1e3,
                        outcome);
            }
            return String.format(Locale.ROOT, "Consumer event %s%s on %s at %.1f s: stable after %s, longest unconsumed partition %s "
                            + "(%s before), %s partitions paused, %,.1f msg/s during vs %,.1f before (%s), e2e p99 %.1f ms peak vs %.1f ms before, "
                            + "spike %.1f s wide",
                    type, count == null ? (worker == null ? "" : " of worker " + worker) : " of " + count, subscription,
                    appliedAfterMillis / 1e3,
                    timeToStableMillis == null ? "(not stable)" : String.format(Locale.ROOT, "%,d ms", timeToStableMillis),
                    longestUnconsumedMillis == null ? "unknown" : String.format(Locale.ROOT, "%,d ms", longestUnconsumedMillis),
                    baselineLongestUnconsumedMillis == null ? "unknown"
                            : String.format(Locale.ROOT, "%,d ms", baselineLongestUnconsumedMillis),
                    partitionsPaused == null ? "?" : partitionsPaused + " of " + partitions,
                    consumedPerSecondDuring, consumedPerSecondBefore,
                    duringToBeforeRatio == null ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * duringToBeforeRatio),
                    p99PeakMicros / 1e3, p99BeforeMicros / 1e3, spikeWidthMillis / 1e3);
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
            if (!r.applied() || r.appliedElapsedMicros() == null) {
                out.add(new Impact(r.type(), r.count(), r.worker(), subscription, r.plannedAfterMillis(), r.appliedAfterMillis(),
                        r.appliedElapsedMicros(), r.appliedAt(), r.outcome(), false, null, null, null, null, null, null, 0, 0, null, 0, 0, 0));
                continue;
            }
            long t = r.appliedElapsedMicros();
            long end = measureEndElapsedMicros;
            for (int j = i + 1; j < records.size(); j++) {
                if (records.get(j).appliedElapsedMicros() != null) {
                    end = Math.min(end, records.get(j).appliedElapsedMicros());
                    break;
                }
            }
            end = Math.max(end, t + 1);
            out.add(impact(r, t, end, periods, tracks, subscription));
        }
        return new ConsumerEvents(out);
    }

    private static Impact impact(EventRecord r, long t, long end, List<PeriodSummary> periods, List<ActivityTrack> tracks,
                                 String subscription) {
        List<PeriodSummary> before = periods.stream().filter(p -> p.elapsedMicros() <= t && p.elapsedMicros() > t - BEFORE_MICROS).toList();
        double rateBefore = rate(before);
        long stableMicros = r.stableAfterMillis() == null ? end - t : r.stableAfterMillis() * 1_000;
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
        // The activity is on the epoch: the event's epoch time is its elapsed time plus the load's start.
        Long longest = null;
        Integer longestPartition = null;
        Long baselineGap = null;
        Integer paused = null;
        Integer partitionCount = null;
        long loadStartEpoch = r.appliedAt() == null ? 0 : java.time.Instant.parse(r.appliedAt()).toEpochMilli() * 1_000 - t;
        if (!tracks.isEmpty() && r.appliedAt() != null) {
            Map<Integer, List<Interval>> idle = ActivityTrack.unconsumed(tracks, subscription, loadStartEpoch + t, loadStartEpoch + end);
            long from = Math.max(loadStartEpoch, loadStartEpoch + t - BEFORE_MICROS);
            baselineGap = 0L; // pauses under PartitionActivity.MIN_GAP_MICROS are not kept
            for (List<Interval> list : ActivityTrack.unconsumed(tracks, subscription, from, loadStartEpoch + t).values()) {
                for (Interval i : list) {
                    baselineGap = Math.max(baselineGap == null ? 0 : baselineGap, i.micros() / 1_000);
                }
            }
            long pause = Math.max(PAUSE_MICROS, 3_000 * (baselineGap == null ? 0 : baselineGap));
            paused = 0;
            partitionCount = idle.size();
            for (Map.Entry<Integer, List<Interval>> e : idle.entrySet()) {
                if (e.getValue().stream().anyMatch(i -> i.micros() >= pause)) {
                    paused++;
                }
                for (Interval i : e.getValue()) {
                    if (longest == null || i.micros() / 1_000 > longest) {
                        longest = i.micros() / 1_000;
                        longestPartition = e.getKey();
                    }
                }
            }
            if (longest == null && !idle.isEmpty()) {
                longest = 0L;
            }
        }
        return new Impact(r.type(), r.count(), r.worker(), subscription, r.plannedAfterMillis(), r.appliedAfterMillis(),
                r.appliedElapsedMicros(),
                r.appliedAt(), r.outcome(), true, r.stableAfterMillis(), longest, longestPartition, baselineGap, paused, partitionCount,
                rateBefore, rateDuring,
                rateBefore > 0 ? rateDuring / rateBefore : null, baseline, peak, width / 1_000);
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
