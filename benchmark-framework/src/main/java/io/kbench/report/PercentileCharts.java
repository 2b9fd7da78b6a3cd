package io.kbench.report;

import java.util.List;
import java.util.function.Function;

import io.kbench.page.Json;
import io.kbench.page.ChartSpec;
/**
 * Latency percentile curves of every run of a group, overlaid on the nines axis: publish latency
 * (ack − intended send) and, beside it, send latency (ack − actual send), so the gap that coordinated
 * omission would hide shows; then end-to-end latency.
 */
final class PercentileCharts {

    private PercentileCharts() {}

    static ChartSpec[] of(List<ReportedRun> runs) {
        return new ChartSpec[] {
            chart("Publish latency (ack − intended send)", runs, PercentileCurves::publish),
            chart("Send latency (ack − actual send)", runs, PercentileCurves::send),
            chart("End-to-end latency (consume − intended send)", runs, PercentileCurves::endToEnd)
        };
    }

    private static ChartSpec chart(String title, List<ReportedRun> runs, Function<PercentileCurves, Double[]> curve) {
        ChartSpec c = new ChartSpec(title)
                .x("percentile", "", "nines", Json.numbers(NinesAxis.positions()))
                .xTicks(NinesAxis.TICKS, NinesAxis.TICK_LABELS)
                .y("latency", "ms", "linear");
        boolean fromMaps = false;
        for (int i = 0; i < runs.size(); i++) {
            ReportedRun r = runs.get(i);
            Double[] values = curve.apply(r.curves());
            fromMaps |= values != null && !r.curves().fromHistograms();
            c.line(r.label() + (r.curves().fromHistograms() ? "" : " (OMB quantile map)"),
                    values == null ? new Double[NinesAxis.positions().length] : values, i);
        }
        if (fromMaps) {
            c.note("Curves marked \"OMB quantile map\" come from an OpenMessaging Benchmark result's rounded quantiles, the others from HdrHistograms.");
        }
        return c;
    }
}
