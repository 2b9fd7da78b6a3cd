package io.kbench.report;

import io.kbench.model.Units;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The headline figures of one run, from either result format, for the summary and the comparison.
 * Rates per second; MB = 1,048,576 bytes; latencies in ms; null when the run has no such figure.
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
        LatencyMillis publish,
        LatencyMillis send,
        LatencyMillis endToEnd,
        LatencyMillis scheduleDelay) {


    static ReportFigures of(ResultFileJson run) {
        return run.format() == ResultFormat.KBENCH ? kbench(run.root()) : omb(run.root());
    }

    private static ReportFigures kbench(JsonNode root) {
        JsonNode m = root.path("measurement");
        if (!m.isObject()) {
            return new ReportFigures(null, null, null, null, requested(root), null, null,
                    LatencyMillis.NONE, LatencyMillis.NONE, LatencyMillis.NONE, LatencyMillis.NONE);
        }
        boolean consumers = root.path("workloadConfig").path("subscriptionsPerTopic").asInt(1) > 0;
        return new ReportFigures(LatencyMillis.num(m.path("publishRate")), LatencyMillis.num(m.path("publishMBps")),
                consumers ? LatencyMillis.num(m.path("consumeRate")) : null, consumers ? LatencyMillis.num(m.path("consumeMBps")) : null,
                LatencyMillis.num(m.path("requestedRate")), LatencyMillis.num(m.path("counts").path("sendErrors")),
                m.path("windowMicros").isNumber() ? m.path("windowMicros").asDouble() / 1e6 : null,
                LatencyMillis.fromMicros(m.path("publishLatency")), LatencyMillis.fromMicros(m.path("sendLatency")),
                LatencyMillis.fromMicros(m.path("endToEndLatency")), LatencyMillis.fromMicros(m.path("scheduleDelay")));
    }

    private static Double requested(JsonNode root) {
        return LatencyMillis.num(root.path("workloadConfig").path("producerRate"));
    }

    /** OMB: rates are the mean of its per-period lists; its publish latency (ack − send) is our send latency. */
    private static ReportFigures omb(JsonNode root) {
        Double publishRate = mean(root.path("publishRate"));
        Double consumeRate = mean(root.path("consumeRate"));
        Double size = LatencyMillis.num(root.path("messageSize"));
        double sample = root.path("sampleRateMillis").asDouble(10_000) / 1_000;
        Double errorRate = mean(root.path("publishErrorRate"));
        int periods = root.path("publishRate").size();
        return new ReportFigures(publishRate, mb(publishRate, size), consumeRate, mb(consumeRate, size), null,
                errorRate == null ? null : (double) Math.round(errorRate * periods * sample), periods * sample,
                LatencyMillis.NONE, LatencyMillis.fromOmb(root, "aggregatedPublishLatency"),
                LatencyMillis.fromOmb(root, "aggregatedEndToEndLatency"), LatencyMillis.NONE);
    }

    private static Double mb(Double rate, Double size) {
        return rate == null || size == null ? null : rate * size / Units.BYTES_PER_MB;
    }

    static Double mean(JsonNode array) {
        if (!array.isArray() || array.isEmpty()) {
            return null;
        }
        double sum = 0;
        for (JsonNode v : array) {
            sum += v.asDouble();
        }
        return sum / array.size();
    }
}
