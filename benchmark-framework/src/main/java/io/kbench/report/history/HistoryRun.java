package io.kbench.report.history;

import io.kbench.model.Measurement;
import io.kbench.model.PeriodSummary;
import io.kbench.model.WorkerSummary;
import io.kbench.provenance.Fingerprint;
import io.kbench.provenance.Provenance;
import io.kbench.report.RunFacts;
import io.kbench.result.OmbResult;
import io.kbench.result.RunResult;
import io.kbench.stats.LatencySummary;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * One run in a history: its file, when it ran, which test it was (the normalised workload's hash, from its provenance,
 * or computed from its workload for results written before provenance existed),
 * and its headline figures with their spread.
 *
 * @param file the result file
 * @param result the result
 * @param workloadHash the normalised workload's hash
 */
record HistoryRun(Path file, RunResult result, String workloadHash) {

    private static final DateTimeFormatter SHORT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    static HistoryRun of(Path file, RunResult r) {
        Provenance p = r.section(Provenance.class);
        String workload = p != null && p.workloadHash() != null ? p.workloadHash() : Fingerprint.workload(r.identity().workload());
        return new HistoryRun(file, r, workload);
    }

    Instant start() {
        return result.timeline().startTime();
    }

    /** "2026-11-27 10:45 UTC, 4.3.1" (the --service-version label, when given). */
    String label() {
        String service = result.identity().versions() == null ? null : result.identity().versions().get(OmbResult.SERVICE_VERSION);
        return SHORT.format(start()) + (service == null ? "" : ", " + service);
    }

    Map<String, String> facts() {
        return RunFacts.of(result);
    }

    /**
     * A headline figure: the run's value over its measurement, and its spread: the lowest and highest over its
     * measured periods (for CPU per message: over its workers). Null values where the run has no such figure.
     */
    record Figure(Double value, Double low, Double high) {
        static final Figure NONE = new Figure(null, null, null);
    }

    Figure throughput() {
        Measurement m = result.measurement();
        if (m == null) {
            return Figure.NONE;
        }
        List<Double> periods = measured().stream().map(PeriodSummary::publishRate).toList();
        return new Figure(m.publishRate(), min(periods), max(periods));
    }

    Figure publish(ToLongFunction<LatencySummary> percentile) {
        Measurement m = result.measurement();
        return m == null ? Figure.NONE : latency(m.publishLatency(), measured().stream().map(PeriodSummary::publishLatency).toList(), percentile);
    }

    Figure endToEnd(ToLongFunction<LatencySummary> percentile) {
        Measurement m = result.measurement();
        return m == null ? Figure.NONE
                : latency(m.endToEndLatency(), measured().stream().map(PeriodSummary::endToEndLatency).toList(), percentile);
    }

    /** µs of worker CPU per message sent or consumed, weighted over workers; spread: the workers' lowest and highest. */
    Figure cpuPerMessage() {
        Measurement m = result.measurement();
        if (m == null) {
            return Figure.NONE;
        }
        double cpu = 0;
        double messages = 0;
        Double lo = null;
        Double hi = null;
        for (WorkerSummary w : m.workers()) {
            if (w.cpuMicrosPerMessage() == null) {
                continue;
            }
            double n = w.messagesAcked() + w.messagesReceived();
            cpu += w.cpuMicrosPerMessage() * n;
            messages += n;
            lo = lo == null ? w.cpuMicrosPerMessage() : Math.min(lo, w.cpuMicrosPerMessage());
            hi = hi == null ? w.cpuMicrosPerMessage() : Math.max(hi, w.cpuMicrosPerMessage());
        }
        return messages == 0 ? Figure.NONE : new Figure(cpu / messages, lo, hi);
    }

    private List<PeriodSummary> measured() {
        return result.timeline().periods().stream().filter(p -> p.phase().measured()).toList();
    }

    private static Figure latency(LatencySummary whole, List<LatencySummary> periods, ToLongFunction<LatencySummary> percentile) {
        if (whole == null || whole.count() == 0) {
            return Figure.NONE;
        }
        List<Double> values = periods.stream().filter(s -> s != null && s.count() > 0).map(s -> percentile.applyAsLong(s) / 1_000.0).toList();
        return new Figure(percentile.applyAsLong(whole) / 1_000.0, min(values), max(values));
    }

    private static Double min(List<Double> values) {
        return values.stream().min(Double::compare).orElse(null);
    }

    private static Double max(List<Double> values) {
        return values.stream().max(Double::compare).orElse(null);
    }
}
