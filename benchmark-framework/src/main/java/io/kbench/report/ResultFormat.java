package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;

/** Which tool wrote a result file. */
public enum ResultFormat {
    /** kbench: OMB's fields plus ours, with serialized HdrHistograms under {@code measurement.histograms}. */
    KBENCH,
    /**
     * OpenMessaging Benchmark (or a fork): the same field names, no histograms; its percentile curves come
     * from the {@code aggregated*Quantiles} maps, and its {@code publishLatency} is ack − send (our send latency).
     */
    OMB;

    /** @return the format, or null when the document is neither (the caller names the file) */
    static ResultFormat detect(JsonNode root) {
        if (root == null || !root.isObject()) {
            return null;
        }
        if (root.path("measurement").isObject() || (root.has("runId") && root.has("status"))) {
            return KBENCH;
        }
        boolean ombSeries = root.path("publishRate").isArray();
        boolean ombAggregates = root.path("aggregatedPublishLatency50pct").isNumber()
                || root.path("aggregatedPublishLatencyQuantiles").isObject();
        return ombSeries && ombAggregates ? OMB : null;
    }
}
