package io.kbench.features.timeline;

import io.kbench.model.PeriodSummary;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Finds the spikes of the measurement and attributes them. A period is a spike of a figure (publish p99.9, end-to-end
 * p99.9) when its value is above {@value #FACTOR} times the figure's median over the measured periods and above that
 * median by at least {@value #MIN_EXCESS_MICROS} µs (so that a quiet run's 1 ms against 0.3 ms is no spike). It is
 * attributed to the GC pauses of at least {@value #GC_THRESHOLD_MICROS} µs (the clients' and, on a cluster the run started,
 * the brokers'), the retention events and the brokers' segment deletions within the period widened by one period on each
 * side (the periods' edges, a pause's stamping and a poll's interval are that coarse).
 */
final class SpikeRule {

    static final double FACTOR = 3.0;
    static final long MIN_EXCESS_MICROS = 5_000;
    static final long GC_THRESHOLD_MICROS = 20_000;
    /** The most spikes kept, the highest first; the rest are counted. */
    static final int KEPT = 50;

    private SpikeRule() {}

    /** The figures judged: name and how to read it from a period. */
    static final List<String> FIGURES = List.of("publish p99.9", "end-to-end p99.9");

    private static Function<PeriodSummary, LatencySummary> figure(String name) {
        return name.startsWith("publish") ? PeriodSummary::publishLatency : PeriodSummary::endToEndLatency;
    }

    /**
     * The spikes of {@code periods}: how many, and the highest {@value #KEPT} oldest first.
     *
     * @param pauses GC pauses with their start as elapsed microseconds from the load's start (see {@link #elapsed})
     */
    static Found find(List<PeriodSummary> periods, List<TimedPause> pauses, List<RetentionEvent> retention) {
        return find(periods, pauses, retention, Brokers.notSeen("not asked"), 0);
    }

    /**
     * As {@link #find(List, List, List)}, the brokers' GC pauses and segment deletions attributed too.
     *
     * @param loadStartEpochMicros when the load started: the origin of the periods' times, for the brokers' pauses
     */
    static Found find(List<PeriodSummary> periods, List<TimedPause> pauses, List<RetentionEvent> retention, Brokers brokers,
                      long loadStartEpochMicros) {
        List<Spike> spikes = new ArrayList<>();
        for (String name : FIGURES) {
            Function<PeriodSummary, LatencySummary> read = figure(name);
            long[] values = periods.stream().map(read).filter(l -> l != null && l.count() > 0).mapToLong(LatencySummary::p999Micros)
                    .toArray();
            if (values.length < 3) {
                continue; // no median worth the name
            }
            long median = median(values);
            for (PeriodSummary p : periods) {
                LatencySummary l = read.apply(p);
                if (l == null || l.count() == 0 || !isSpike(l.p999Micros(), median)) {
                    continue;
                }
                long from = p.elapsedMicros() - 2 * p.durationMicros();
                long to = p.elapsedMicros() + p.durationMicros();
                List<GcPause> gc = pauses.stream().filter(t -> t.pause().durationMicros() >= GC_THRESHOLD_MICROS)
                        .filter(t -> t.startElapsedMicros() <= to && t.startElapsedMicros() + t.pause().durationMicros() >= from)
                        .map(TimedPause::pause).sorted(GcPauses.LONGEST_FIRST).toList();
                List<RetentionEvent> ret = retention.stream().filter(r -> r.elapsedMicros() >= from && r.elapsedMicros() <= to).toList();
                List<BrokerGcPause> brokerGc = brokers.longestGcPauses().stream().filter(b -> b.durationMicros() >= GC_THRESHOLD_MICROS)
                        .filter(b -> b.startEpochMicros() - loadStartEpochMicros <= to
                                && b.startEpochMicros() - loadStartEpochMicros + b.durationMicros() >= from).toList();
                List<BrokerDeletion> deleted = brokers.deletions().stream().filter(d -> d.elapsedMicros() >= from && d.elapsedMicros() <= to)
                        .toList();
                spikes.add(new Spike(name, p.elapsedMicros(), l.p999Micros(), median, gc, ret, brokerGc, deleted));
            }
        }
        int count = spikes.size();
        if (spikes.size() > KEPT) {
            spikes.sort(Comparator.comparingLong(Spike::valueMicros).reversed());
            spikes = new ArrayList<>(spikes.subList(0, KEPT));
        }
        spikes.sort(Comparator.comparingLong(Spike::elapsedMicros));
        return new Found(count, spikes);
    }

    static boolean isSpike(long valueMicros, long medianMicros) {
        return valueMicros > FACTOR * medianMicros && valueMicros - medianMicros >= MIN_EXCESS_MICROS;
    }

    static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The spikes there were, and those kept. */
    record Found(int count, List<Spike> kept) {}

    /** A pause with its start on the periods' axis. */
    record TimedPause(GcPause pause, long startElapsedMicros) {}

    /** The pauses with their starts from the load's start, which was at {@code loadStartEpochMicros}. */
    static List<TimedPause> elapsed(List<GcPause> pauses, long loadStartEpochMicros) {
        return pauses.stream().map(p -> new TimedPause(p, p.startEpochMicros() - loadStartEpochMicros)).toList();
    }
}
