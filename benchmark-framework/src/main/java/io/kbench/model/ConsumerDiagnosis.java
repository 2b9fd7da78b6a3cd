package io.kbench.model;

import io.kbench.model.Diagnosis.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The diagnosis's last rules, asked when the producers' and the acknowledgements' rules found nothing
 * ({@link Diagnostician}): what the consumers and the measurement's start say.
 *
 * <ol>
 *   <li>The consumers fell behind: their backlog grew over the measurement (the median of its last third against its
 *       first, by more than {@value #GROWTH_FLOOR} messages and {@value Diagnostician#LAG_SHARE} of those acknowledged, and
 *       at least doubled), or their end-to-end p99 stood over {@value #E2E_FACTOR} times the publish p99 (and over
 *       {@value #E2E_FLOOR_MICROS} µs) with a backlog that did not shrink. Then:
 *       <ul>
 *         <li>their threads spent most of the time processing records between polls (the client's
 *             {@code poll-idle-ratio-avg} at most {@value #IDLE_LIMIT}): <b>consumer-bound</b>;</li>
 *         <li>they mostly waited in poll for the brokers' fetches (that ratio above it): <b>egress-bound</b>, with the
 *             fetch latency as the cluster's side of the evidence;</li>
 *         <li>the driver reports neither: consumer-bound, saying that processing and fetching could not be told apart.</li>
 *       </ul>
 *   <li>The producers began the measurement behind their schedule (the last period before it had more than one message
 *       per worker, and over {@value Diagnostician#LAG_SHARE} of those sent, due and not sent): that debt stays in the
 *       figures, so they fell behind, and whether the cluster held them back is judged as for the producers' rule.</li>
 * </ol>
 *
 * A schedule debt at the start is named in the consumers' finding too: a diagnosis never implies the producers kept a
 * schedule they began behind.
 */
public final class ConsumerDiagnosis {

    public static final long GROWTH_FLOOR = 1_000;
    public static final double E2E_FACTOR = 10;
    public static final long E2E_FLOOR_MICROS = 1_000_000;
    public static final double IDLE_LIMIT = 0.5;
    public static final double BUSY_CPU = 0.70;

    static final String POLL_IDLE = "consumer-metrics:poll-idle-ratio-avg";
    static final String FETCH_LATENCY_AVG = "consumer-fetch-manager-metrics:fetch-latency-avg";
    static final String FETCH_LATENCY_MAX = "consumer-fetch-manager-metrics:fetch-latency-max";

    private ConsumerDiagnosis() {}

    /** The consumers' limit, else the producers' debt at the start; empty when neither shows. */
    static Optional<Diagnosis> diagnose(Diagnostician.Evidence e, Measurement m, List<PeriodSummary> measured) {
        String debt = debtAtStart(e.periods(), m);
        List<String> behind = fellBehind(m, measured);
        if (!behind.isEmpty()) {
            List<String> reasons = new ArrayList<>(behind);
            Verdict verdict = classify(e.clientMetrics(), m, reasons);
            if (debt != null) {
                reasons.add("the producers also " + debt);
            }
            return Optional.of(Diagnosis.of(verdict, reasons));
        }
        if (debt != null) {
            List<String> reasons = new ArrayList<>(List.of("the producers " + debt));
            List<String> slow = Diagnostician.slowAcknowledgements(m, measured, e.clientMetrics());
            if (slow.isEmpty()) {
                reasons.add(String.format(Locale.ROOT, "the cluster acknowledged promptly meanwhile (send latency p99 %.1f ms)",
                        m.sendLatency().p99Micros() / 1e3));
                return Optional.of(Diagnosis.of(Verdict.CLIENT_BOUND, reasons));
            }
            reasons.addAll(slow);
            return Optional.of(Diagnosis.of(Verdict.CLUSTER_BOUND, reasons));
        }
        return Optional.empty();
    }

    /** Evidence that the consumers did not keep up over the measured periods; empty when they did. */
    static List<String> fellBehind(Measurement m, List<PeriodSummary> measured) {
        List<String> reasons = new ArrayList<>();
        if (measured.isEmpty() || m.counts().messagesReceived() == 0) {
            return reasons;
        }
        long[] backlog = measured.stream().mapToLong(PeriodSummary::backlogMessages).toArray();
        int third = Math.max(1, backlog.length / 3);
        long first = median(Arrays.copyOfRange(backlog, 0, third));
        long last = median(Arrays.copyOfRange(backlog, backlog.length - third, backlog.length));
        long floor = Math.max(GROWTH_FLOOR, (long) (Diagnostician.LAG_SHARE * m.counts().messagesAcked()));
        if (backlog.length >= 2 && last - first > floor && last >= 2 * first) {
            reasons.add(String.format(Locale.ROOT, "the consumers fell behind: their backlog grew from %,d to %,d messages over the "
                    + "measurement (medians of its first and last thirds; %,d at its end) while they read %,.1f msg/s of the %,.1f "
                    + "msg/s acknowledged", first, last, backlog[backlog.length - 1], m.consumeRate(), m.publishRate()));
        }
        long e2e = m.endToEndLatency().p99Micros();
        long publish = m.publishLatency().p99Micros();
        if (reasons.isEmpty() && last >= first && m.endToEndLatency().count() > 0 && m.publishLatency().count() > 0
                && e2e > E2E_FLOOR_MICROS && e2e > E2E_FACTOR * publish) {
            reasons.add(String.format(Locale.ROOT, "the consumers fell behind: end-to-end p99 was %.1f ms against a publish p99 of "
                    + "%.1f ms, with a backlog that did not shrink (%,d then %,d messages)", e2e / 1e3, publish / 1e3, first, last));
        }
        return reasons;
    }

    /** Consumer-bound or egress-bound, adding the evidence to {@code reasons}. */
    private static Verdict classify(Map<String, Double> metrics, Measurement m, List<String> reasons) {
        double cpu = m.workers().stream().mapToDouble(WorkerSummary::processCpuLoad).max().orElse(0);
        String cpuText = cpu >= BUSY_CPU ? String.format(Locale.ROOT, "; the busiest worker used %.0f%% of its cores", 100 * cpu) : "";
        Double idle = metrics.get(POLL_IDLE);
        if (idle == null) {
            reasons.add("the driver reports no poll metrics, so the consumers' own processing and the cluster's fetches cannot be "
                    + "told apart" + cpuText);
            return Verdict.CONSUMER_BOUND;
        }
        if (idle <= IDLE_LIMIT) {
            reasons.add(String.format(Locale.ROOT, "their threads spent %.0f%% of the time processing records between polls "
                    + "(poll-idle-ratio-avg %.2f)%s", 100 * (1 - idle), idle, cpuText));
            return Verdict.CONSUMER_BOUND;
        }
        Double fetchAvg = metrics.get(FETCH_LATENCY_AVG);
        Double fetchMax = metrics.get(FETCH_LATENCY_MAX);
        reasons.add(String.format(Locale.ROOT, "they waited in poll for the brokers' fetches %.0f%% of the time (poll-idle-ratio-avg "
                + "%.2f)%s", 100 * idle, idle, fetchAvg == null ? "" : String.format(Locale.ROOT, "; a fetch took %.1f ms on average, "
                + "%.1f ms at most (fetch-latency-avg, -max)", fetchAvg, fetchMax == null ? fetchAvg : fetchMax)));
        return Verdict.EGRESS_BOUND;
    }

    /**
     * "began the measurement N messages behind their schedule ...", or null: the messages due and not sent at the end of
     * the last period before the first measured one.
     */
    static String debtAtStart(List<PeriodSummary> periods, Measurement m) {
        long debt = 0;
        for (PeriodSummary p : periods) {
            if (p.phase().measured()) {
                break;
            }
            debt = p.scheduleLagMessages();
        }
        long sent = m.counts().messagesSent();
        long boundary = Math.max(1, m.workers().size());
        if (debt <= boundary || debt <= Diagnostician.LAG_SHARE * sent) {
            return null;
        }
        return String.format(Locale.ROOT, "began the measurement %,d messages behind their schedule (%.1f%% of the %,d sent in it), "
                + "a debt the warmup did not clear and that stays in the figures", debt, sent == 0 ? 100.0 : 100.0 * debt / sent, sent);
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
