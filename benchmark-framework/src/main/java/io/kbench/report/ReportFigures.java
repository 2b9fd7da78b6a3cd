package io.kbench.report;

import io.kbench.model.Measurement;
import io.kbench.model.Units;
import io.kbench.result.OmbPercentiles;
import io.kbench.result.OmbResult;
import io.kbench.result.RunResult;
import io.kbench.stats.LatencySummary;
import java.util.List;

/**
 * The headline figures of one run, from either result format, for the summary and the comparison.
 * Rates per second; MB = 1,048,576 bytes; latencies in ms, with OMB's nine figures (a figure is null
 * when the run has none: {@link #NONE}); null when the run has no such figure.
 *
 * @param publishRate acknowledged messages per second
 * @param publishMBps acknowledged payload MB per second
 * @param consumeRate consumed messages per second
 * @param consumeMBps consumed payload MB per second
 * @param requestedRate the workload's rate; -1 unthrottled; null unknown
 * @param sendErrors failed sends
 * @param windowSeconds the measurement window
 * @param publish ack − intended send
 * @param send ack − actual send
 * @param endToEnd consume − intended send
 * @param scheduleDelay actual − intended send
 */
public record ReportFigures(
        Double publishRate,
        Double publishMBps,
        Double consumeRate,
        Double consumeMBps,
        Double requestedRate,
        Double sendErrors,
        Double windowSeconds,
        OmbPercentiles<Double> publish,
        OmbPercentiles<Double> send,
        OmbPercentiles<Double> endToEnd,
        OmbPercentiles<Double> scheduleDelay) {

    /** No such latency in the run. */
    static final OmbPercentiles<Double> NONE = OmbPercentiles.of(pct -> null);

    static ReportFigures of(ResultFile run) {
        return run.kbench() != null ? kbench(run.kbench()) : omb(run.omb());
    }

    private static ReportFigures kbench(RunResult r) {
        Measurement m = r.measurement();
        if (m == null) {
            return new ReportFigures(null, null, null, null, r.identity().workload().producerRate(), null, null,
                    NONE, NONE, NONE, NONE);
        }
        boolean consumers = r.identity().workload().subscriptionsPerTopic() > 0;
        return new ReportFigures(m.publishRate(), m.publishMBps(), consumers ? m.consumeRate() : null,
                consumers ? m.consumeMBps() : null, m.requestedRate(), (double) m.counts().sendErrors(), m.windowMicros() / 1e6,
                millis(m.publishLatency()), millis(m.sendLatency()), millis(m.endToEndLatency()), millis(m.scheduleDelay()));
    }

    /** OMB: rates are the mean of its per-period lists; its publish latency (ack − send) is our send latency. */
    private static ReportFigures omb(OmbResult r) {
        Double publishRate = mean(r.publishRate());
        Double consumeRate = mean(r.consumeRate());
        Double size = r.messageSize() == null ? null : r.messageSize().doubleValue();
        double sample = (r.sampleRateMillis() == null ? 10_000 : r.sampleRateMillis()) / 1_000.0;
        Double errorRate = mean(r.publishErrorRate());
        int periods = r.publishRate() == null ? 0 : r.publishRate().size();
        return new ReportFigures(publishRate, mb(publishRate, size), consumeRate, mb(consumeRate, size), null,
                errorRate == null ? null : (double) Math.round(errorRate * periods * sample), periods * sample,
                NONE, r.aggregatedPublishLatency() == null ? NONE : r.aggregatedPublishLatency(),
                r.aggregatedEndToEndLatency() == null ? NONE : r.aggregatedEndToEndLatency(), NONE);
    }

    /** A summary in µs as OMB's figures in ms; {@link #NONE} without samples. */
    private static OmbPercentiles<Double> millis(LatencySummary s) {
        return s.count() == 0 ? NONE
                : OmbPercentiles.of(pct -> (pct < 0 ? s.avgMicros() : s.atPercentileMicros(pct)) / 1_000.0);
    }

    private static Double mb(Double rate, Double size) {
        return rate == null || size == null ? null : rate * size / Units.BYTES_PER_MB;
    }

    static Double mean(List<? extends Number> values) {
        if (values == null || values.isEmpty()) {
            return null;
        }
        return values.stream().mapToDouble(v -> v == null ? 0 : v.doubleValue()).average().orElseThrow();
    }
}
