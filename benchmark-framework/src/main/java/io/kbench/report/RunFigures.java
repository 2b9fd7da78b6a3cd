package io.kbench.report;

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
public record RunFigures(
        Double publishRate,
        Double publishMBps,
        Double consumeRate,
        Double consumeMBps,
        Double requestedRate,
        Double sendErrors,
        Double windowSeconds,
        Latency publish,
        Latency send,
        Latency endToEnd,
        Latency scheduleDelay) {

    private static final double MB = 1024 * 1024;

    static RunFigures of(LoadedRun run) {
        return run.format() == ResultFormat.KBENCH ? kbench(run.root()) : omb(run.root());
    }

    private static RunFigures kbench(JsonNode root) {
        JsonNode m = root.path("measurement");
        if (!m.isObject()) {
            return new RunFigures(null, null, null, null, requested(root), null, null,
                    Latency.NONE, Latency.NONE, Latency.NONE, Latency.NONE);
        }
        boolean consumers = root.path("workloadConfig").path("subscriptionsPerTopic").asInt(1) > 0;
        return new RunFigures(Latency.num(m.path("publishRate")), Latency.num(m.path("publishMBps")),
                consumers ? Latency.num(m.path("consumeRate")) : null, consumers ? Latency.num(m.path("consumeMBps")) : null,
                Latency.num(m.path("requestedRate")), Latency.num(m.path("counts").path("sendErrors")),
                m.path("windowMicros").isNumber() ? m.path("windowMicros").asDouble() / 1e6 : null,
                Latency.fromMicros(m.path("publishLatency")), Latency.fromMicros(m.path("sendLatency")),
                Latency.fromMicros(m.path("endToEndLatency")), Latency.fromMicros(m.path("scheduleDelay")));
    }

    private static Double requested(JsonNode root) {
        return Latency.num(root.path("workloadConfig").path("producerRate"));
    }

    /** OMB: rates are the mean of its per-period lists; its publish latency (ack − send) is our send latency. */
    private static RunFigures omb(JsonNode root) {
        Double publishRate = mean(root.path("publishRate"));
        Double consumeRate = mean(root.path("consumeRate"));
        Double size = Latency.num(root.path("messageSize"));
        double sample = root.path("sampleRateMillis").asDouble(10_000) / 1_000;
        Double errorRate = mean(root.path("publishErrorRate"));
        int periods = root.path("publishRate").size();
        return new RunFigures(publishRate, mb(publishRate, size), consumeRate, mb(consumeRate, size), null,
                errorRate == null ? null : (double) Math.round(errorRate * periods * sample), periods * sample,
                Latency.NONE, Latency.fromOmb(root, "aggregatedPublishLatency"),
                Latency.fromOmb(root, "aggregatedEndToEndLatency"), Latency.NONE);
    }

    private static Double mb(Double rate, Double size) {
        return rate == null || size == null ? null : rate * size / MB;
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
