package io.kbench.model;

import io.kbench.model.Diagnosis.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Decides what limited a run from its measurement, its periods and the clients' own metrics. The
 * rules, in order (the first that finds evidence decides):
 *
 * <ol>
 *   <li>the cluster stopped acknowledging (the run's stall detector fired): cluster-bound;
 *   <li>the clients report throttle time ({@code produce-throttle-time-*}, {@code fetch-throttle-time-*}
 *       above 0): throttled — the cluster enforced a quota;
 *   <li>a worker's CPU over the measurement was {@value #CPU_LIMIT} of its cores or more, or a host carrying several
 *       workers was that busy by all its processes ({@link HostSaturation}): client-bound;
 *   <li>the producers fell behind their schedule (sent under 99% of the rate, or over
 *       {@value #LAG_SHARE} of the messages, and more than one per worker, still due when they stopped, or a schedule delay that kept
 *       growing) — then: if acknowledgements were prompt (every measured period had acknowledgements,
 *       the producers waited for buffer space at most {@value #BUFFER_WAIT_LIMIT} of the time, and send
 *       latency p99 at most half the schedule delay p99 or {@value #PROMPT_FLOOR_MICROS} µs), the time was
 *       lost in the client: client-bound; else the cluster held the producers back: cluster-bound;
 *   <li>a measured period had messages in flight and no acknowledgement: cluster-bound;
 *   <li>unthrottled producers waited for buffer space over {@value #BUFFER_WAIT_LIMIT} of the time: the
 *       cluster set the pace: cluster-bound;
 *   <li>the consumers fell behind, or the producers began the measurement behind their schedule: see
 *       {@link ConsumerDiagnosis}.
 * </ol>
 *
 * Metric names are Kafka's client metrics; a driver for another system that reports none of them
 * is judged by the other rules.
 */
public final class Diagnostician {

    public static final double CPU_LIMIT = 0.90;
    public static final double DELAY_GROWTH = 2.0;
    public static final long DELAY_FLOOR_MICROS = 10_000;
    public static final double LAG_SHARE = 0.01;
    public static final double BUFFER_WAIT_LIMIT = 0.01;
    public static final long PROMPT_FLOOR_MICROS = 10_000;

    static final String PRODUCE_THROTTLE_AVG = "producer-metrics:produce-throttle-time-avg";
    static final String PRODUCE_THROTTLE_MAX = "producer-metrics:produce-throttle-time-max";
    static final String FETCH_THROTTLE_AVG = "consumer-fetch-manager-metrics:fetch-throttle-time-avg";
    static final String FETCH_THROTTLE_MAX = "consumer-fetch-manager-metrics:fetch-throttle-time-max";
    static final String BUFFER_WAIT = "producer-metrics:bufferpool-wait-ratio";

    /**
     * What the diagnosis is made from.
     *
     * @param measurement the measured phase, or null when nothing was measured
     * @param periods every period of the run; the MEASURE ones are judged
     * @param clientMetrics the clients' metrics by name (combined over clients), empty when unknown
     * @param stall why the run was stopped for silent acknowledgements, or null
     */
    /**
     * @param stall why the cluster stopped acknowledging, or null
     * @param lostWorkers the workers whose figures are missing (they stopped answering), each with why; empty normally
     * @param hosts how busy each host of the workers was, by all its processes ({@link HostSaturation}); empty when unknown
     */
    public record Evidence(Measurement measurement, List<PeriodSummary> periods, Map<String, Double> clientMetrics, String stall,
                           List<String> lostWorkers, List<HostLoad> hosts) {
        public Evidence(Measurement measurement, List<PeriodSummary> periods, Map<String, Double> clientMetrics, String stall) {
            this(measurement, periods, clientMetrics, stall, List.of());
        }

        public Evidence(Measurement measurement, List<PeriodSummary> periods, Map<String, Double> clientMetrics, String stall,
                        List<String> lostWorkers) {
            this(measurement, periods, clientMetrics, stall, lostWorkers, List.of());
        }
    }

    private Diagnostician() {}

    public static Diagnosis diagnose(Evidence e) {
        if (!e.lostWorkers().isEmpty()) {
            return Diagnosis.of(Verdict.WORKER_LOST, List.of(String.format(Locale.ROOT, "the figures of %d worker(s) are missing: %s",
                    e.lostWorkers().size(), String.join("; ", e.lostWorkers()))));
        }
        if (e.stall() != null) {
            return Diagnosis.of(Verdict.CLUSTER_BOUND, List.of("the cluster stopped acknowledging: " + e.stall()));
        }
        List<String> throttling = throttling(e.clientMetrics());
        if (!throttling.isEmpty()) {
            return Diagnosis.of(Verdict.THROTTLED, throttling);
        }
        Measurement m = e.measurement();
        if (m == null) {
            return Diagnosis.NONE;
        }
        List<String> cpu = new ArrayList<>(saturatedCpu(m));
        cpu.addAll(HostSaturation.reasons(e.hosts())); // workers sharing a saturated host (provenance's host CPU)
        if (!cpu.isEmpty()) {
            return Diagnosis.of(Verdict.CLIENT_BOUND, cpu);
        }
        List<PeriodSummary> measured = e.periods().stream().filter(p -> p.phase().measured()).toList();
        List<String> behind = fellBehind(m, measured);
        if (!behind.isEmpty() && keptTheirRate(m, behind)) {
            // The producers met their rate and only their delay grew a little (a busy machine does that): consumers
            // far behind are the finding, not a pace the cluster or the clients set.
            Optional<Diagnosis> consumers = ConsumerDiagnosis.diagnose(e, m, measured);
            if (consumers.isPresent()) {
                return consumers.get();
            }
        }
        if (!behind.isEmpty()) {
            List<String> slow = slowAcknowledgements(m, measured, e.clientMetrics());
            List<String> reasons = new ArrayList<>(behind);
            if (slow.isEmpty()) {
                reasons.add(String.format(Locale.ROOT, "the cluster acknowledged promptly meanwhile (send latency p99 %s ms "
                        + "against schedule delay p99 %s ms)", ms(m.sendLatency().p99Micros()), ms(m.scheduleDelay().p99Micros())));
                return Diagnosis.of(Verdict.CLIENT_BOUND, reasons);
            }
            reasons.addAll(slow);
            return Diagnosis.of(Verdict.CLUSTER_BOUND, reasons);
        }
        List<String> gaps = acknowledgementGaps(measured);
        if (!gaps.isEmpty()) {
            return Diagnosis.of(Verdict.CLUSTER_BOUND, gaps);
        }
        if (m.requestedRate() < 0) {
            List<String> waits = bufferWaits(e.clientMetrics());
            if (!waits.isEmpty()) {
                return Diagnosis.of(Verdict.CLUSTER_BOUND, List.of(waits.get(0) + ": the unthrottled producers went as fast "
                        + "as the cluster took messages"));
            }
        }
        // The consumers, and a schedule debt the measurement began with (ConsumerDiagnosis).
        return ConsumerDiagnosis.diagnose(e, m, measured).orElse(Diagnosis.NONE);
    }

    static List<String> throttling(Map<String, Double> metrics) {
        List<String> reasons = new ArrayList<>();
        double produceAvg = metrics.getOrDefault(PRODUCE_THROTTLE_AVG, 0.0);
        double produceMax = metrics.getOrDefault(PRODUCE_THROTTLE_MAX, 0.0);
        if (produceAvg > 0 || produceMax > 0) {
            reasons.add(String.format(Locale.ROOT, "the brokers throttled the producers (produce-throttle-time-avg %.1f ms, "
                    + "max %.1f ms, over the clients' last metric window)", produceAvg, produceMax));
        }
        double fetchAvg = metrics.getOrDefault(FETCH_THROTTLE_AVG, 0.0);
        double fetchMax = metrics.getOrDefault(FETCH_THROTTLE_MAX, 0.0);
        if (fetchAvg > 0 || fetchMax > 0) {
            reasons.add(String.format(Locale.ROOT, "the brokers throttled the consumers (fetch-throttle-time-avg %.1f ms, "
                    + "max %.1f ms)", fetchAvg, fetchMax));
        }
        return reasons;
    }

    static List<String> saturatedCpu(Measurement m) {
        List<String> reasons = new ArrayList<>();
        for (WorkerSummary w : m.workers()) {
            if (w.processCpuLoad() >= CPU_LIMIT) {
                reasons.add(String.format(Locale.ROOT, "%s used %.0f%% of its %d cores over the measurement (%.0f%% or more "
                        + "means the client is saturated)", label(w, m), 100 * w.processCpuLoad(), w.availableProcessors(),
                        100 * CPU_LIMIT));
            }
        }
        return reasons;
    }

    /** The only sign of falling behind is a growing schedule delay: the rate was met and no messages were left due. */
    private static boolean keptTheirRate(Measurement m, List<String> behind) {
        return !m.fellBehind() && behind.size() == 1 && behind.get(0).startsWith("the schedule delay kept growing");
    }

    static List<String> fellBehind(Measurement m, List<PeriodSummary> measured) {
        List<String> reasons = new ArrayList<>();
        if (m.fellBehind()) {
            reasons.add(String.format(Locale.ROOT, "the producers sent %,.1f msg/s of %,.1f requested (%.1f%%)",
                    m.scheduledSendRate(), m.requestedRate(), 100 * m.scheduledSendRate() / m.requestedRate()));
        }
        long sent = m.counts().messagesSent();
        // A producer may stop at the very moment a message falls due: one such message per worker is no evidence
        // (at 10 msg/s over 2 s, that one message alone was 5% of those sent).
        long boundary = Math.max(1, m.workers().size());
        if (m.scheduleLagMessages() > boundary && m.scheduleLagMessages() > LAG_SHARE * sent) {
            reasons.add(String.format(Locale.ROOT, "%,d messages were due but not yet sent when the producers stopped "
                    + "(%.1f%% of the %,d sent)", m.scheduleLagMessages(),
                    sent == 0 ? 100.0 : 100.0 * m.scheduleLagMessages() / sent, sent));
        }
        String growth = delayGrowth(measured);
        if (growth != null) {
            reasons.add(growth);
        }
        return reasons;
    }

    /** Evidence that acknowledgements, not the client, held the producers back; empty when they were prompt. */
    static List<String> slowAcknowledgements(Measurement m, List<PeriodSummary> measured, Map<String, Double> metrics) {
        List<String> reasons = new ArrayList<>(acknowledgementGaps(measured));
        reasons.addAll(bufferWaits(metrics));
        long sendP99 = m.sendLatency().p99Micros();
        long allowed = Math.max(PROMPT_FLOOR_MICROS, m.scheduleDelay().p99Micros() / 2);
        if (m.sendLatency().count() > 0 && sendP99 > allowed) {
            reasons.add(String.format(Locale.ROOT, "the cluster acknowledged slowly: send latency p99 %s ms against schedule "
                    + "delay p99 %s ms", ms(sendP99), ms(m.scheduleDelay().p99Micros())));
        }
        return reasons;
    }

    static List<String> acknowledgementGaps(List<PeriodSummary> measured) {
        long silentMicros = 0;
        int silent = 0;
        for (PeriodSummary p : measured) {
            if (p.publishRate() == 0 && p.inFlightMessages() > 0) {
                silent++;
                silentMicros += p.durationMicros();
            }
        }
        if (silent == 0) {
            return List.of();
        }
        return List.of(String.format(Locale.ROOT, "%d measured period(s), %.1f s in all, had messages in flight and no "
                + "acknowledgement", silent, silentMicros / 1e6));
    }

    static List<String> bufferWaits(Map<String, Double> metrics) {
        Double wait = metrics.get(BUFFER_WAIT);
        if (wait == null || wait <= BUFFER_WAIT_LIMIT) {
            return List.of();
        }
        return List.of(String.format(Locale.ROOT, "the producers waited for buffer space %.1f%% of the time "
                + "(bufferpool-wait-ratio: unacknowledged data filled buffer.memory)", 100 * wait));
    }

    private static String label(WorkerSummary w, Measurement m) {
        return m.workers().size() == 1 ? "the worker (" + w.workerId() + ")" : "worker " + w.workerId();
    }

    private static String delayGrowth(List<PeriodSummary> measured) {
        long[] p99 = measured.stream().filter(p -> p.scheduleDelay().count() > 0)
                .mapToLong(p -> p.scheduleDelay().p99Micros()).toArray();
        if (p99.length < 3) {
            return null;
        }
        int third = p99.length / 3;
        long first = median(Arrays.copyOfRange(p99, 0, third));
        long last = median(Arrays.copyOfRange(p99, p99.length - third, p99.length));
        if (last > DELAY_GROWTH * first && last > DELAY_FLOOR_MICROS) {
            return String.format(Locale.ROOT, "the schedule delay kept growing: p99 %.1f ms in the last third of the "
                    + "measurement against %.1f ms in the first", last / 1e3, first / 1e3);
        }
        return null;
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    private static String ms(long micros) {
        return String.format(Locale.ROOT, "%.1f", micros / 1e3);
    }
}
