package io.kbench.result;

import io.kbench.coordinator.Phase;
import io.kbench.coordinator.PeriodSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Tells whether the clients, not the cluster, limited a run — the first thing Confluent's CKU
 * white paper says to rule out. A run is client-bound when any of these holds:
 *
 * <ul>
 *   <li>a worker's CPU use over the measurement is {@value #CPU_LIMIT} of its cores or more;
 *   <li>the schedule delay keeps growing: over the measured periods, the median of the per-period
 *       p99 schedule delays in the last third is more than {@value #DELAY_GROWTH} times that of the
 *       first third and over {@value #DELAY_FLOOR_MICROS} µs (needs at least 3 measured periods; the
 *       median keeps one garbage-collection pause from deciding);
 *   <li>when the producers stopped, more than {@value #LAG_SHARE} of the messages sent were still
 *       due but unsent (schedule lag).
 * </ul>
 *
 * @param reasons why the run is client-bound; empty when it is not
 */
public record ClientBound(List<String> reasons) {

    public static final double CPU_LIMIT = 0.90;
    public static final double DELAY_GROWTH = 2.0;
    public static final long DELAY_FLOOR_MICROS = 10_000;
    public static final double LAG_SHARE = 0.01;

    public static final ClientBound NO = new ClientBound(List.of());

    /** The CKU white paper's advice, printed with the warning. */
    public static final String ADVICE = "the clients, not the cluster, limited this run: add client machines "
            + "(workers; Confluent's CKU study needed 2 client machines per CKU on AWS and Azure, 4 on GCP) "
            + "or more producers (producersPerTopic)";

    public boolean bound() {
        return !reasons.isEmpty();
    }

    /** The reasons in one sentence, or null when not client-bound. */
    public String reason() {
        return bound() ? String.join("; ", reasons) : null;
    }

    /** The warning the run records, or null when not client-bound. */
    public String warning() {
        return bound() ? "client-bound: " + reason() + ". So " + ADVICE + "." : null;
    }

    /**
     * @param m the measurement (null: nothing to judge)
     * @param periods every period of the run; only those of the MEASURE phase are used
     */
    public static ClientBound detect(Measurement m, List<PeriodSummary> periods) {
        if (m == null) {
            return NO;
        }
        if (periods == null) {
            periods = List.of();
        }
        List<String> reasons = new ArrayList<>();
        for (WorkerSummary w : m.workers()) {
            if (w.processCpuLoad() >= CPU_LIMIT) {
                reasons.add(String.format(Locale.ROOT, "%s used %.0f%% of its %d cores over the measurement (%.0f%% or more "
                        + "means the client is saturated)", label(w, m), 100 * w.processCpuLoad(), w.availableProcessors(),
                        100 * CPU_LIMIT));
            }
        }
        String growth = delayGrowth(periods);
        if (growth != null) {
            reasons.add(growth);
        }
        long sent = m.counts().messagesSent();
        if (m.scheduleLagMessages() > 0 && m.scheduleLagMessages() > LAG_SHARE * sent) {
            reasons.add(String.format(Locale.ROOT, "%,d messages were due but not yet sent when the producers stopped "
                    + "(%.1f%% of the %,d sent; over %.0f%% means the generator could not keep up)", m.scheduleLagMessages(),
                    sent == 0 ? 100.0 : 100.0 * m.scheduleLagMessages() / sent, sent, 100 * LAG_SHARE));
        }
        return reasons.isEmpty() ? NO : new ClientBound(List.copyOf(reasons));
    }

    private static String label(WorkerSummary w, Measurement m) {
        return m.workers().size() == 1 ? "the worker (" + w.workerId() + ")" : "worker " + w.workerId();
    }

    private static String delayGrowth(List<PeriodSummary> periods) {
        long[] p99 = periods.stream()
                .filter(p -> p.phase() == Phase.MEASURE && p.scheduleDelay().count() > 0)
                .mapToLong(p -> p.scheduleDelay().p99Micros())
                .toArray();
        if (p99.length < 3) {
            return null;
        }
        int third = p99.length / 3;
        long first = median(Arrays.copyOfRange(p99, 0, third));
        long last = median(Arrays.copyOfRange(p99, p99.length - third, p99.length));
        if (last > DELAY_GROWTH * first && last > DELAY_FLOOR_MICROS) {
            return String.format(Locale.ROOT, "the schedule delay kept growing: p99 %.1f ms in the last third of the "
                    + "measurement against %.1f ms in the first (over %.0f× and over %d ms means the generator fell "
                    + "further and further behind)", last / 1e3, first / 1e3, DELAY_GROWTH, DELAY_FLOOR_MICROS / 1000);
        }
        return null;
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
