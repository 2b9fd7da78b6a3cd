package io.kbench.coordinator.live;

import io.prometheus.client.Collector;
import io.prometheus.client.CounterMetricFamily;
import io.prometheus.client.GaugeMetricFamily;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The current run's {@link LiveFigures} as Prometheus metrics, read at each scrape; nothing between runs but
 * {@code kbench_run_active 0}. Names and units are listed in docs/guide/dashboards.md.
 */
final class RunCollector extends Collector {

    private final AtomicReference<LiveRun> current = new AtomicReference<>();

    void current(LiveRun run) {
        current.set(run);
    }

    @Override
    public List<MetricFamilySamples> collect() {
        List<MetricFamilySamples> out = new ArrayList<>();
        LiveRun run = current.get();
        out.add(new GaugeMetricFamily("kbench_run_active", "1 while this coordinator has a run (also while its result is written)",
                run == null ? 0 : 1));
        if (run == null) {
            return out;
        }
        LiveFigures f = run.figures();
        GaugeMetricFamily info = new GaugeMetricFamily("kbench_run_info", "The run under way: always 1, its labels say which",
                List.of("run_id", "workload", "driver"));
        info.addMetric(List.of(f.runId(), f.workload(), f.driver()), 1);
        out.add(info);
        GaugeMetricFamily phase = new GaugeMetricFamily("kbench_run_phase", "1 for the run's current phase, 0 for the others",
                List.of("phase"));
        for (String p : LiveRun.PHASES) {
            phase.addMetric(List.of(p), p.equals(f.phase()) ? 1 : 0);
        }
        out.add(phase);
        out.add(new GaugeMetricFamily("kbench_run_requested_rate_msgs",
                "Messages per second the producers were asked for at the end of the last period; -1 unthrottled or before the load",
                f.requestedRateMsgs()));
        out.add(new GaugeMetricFamily("kbench_run_achieved_rate_msgs",
                "Acknowledged messages per second over all workers in the last period", f.achievedRateMsgs()));
        out.add(new GaugeMetricFamily("kbench_run_consume_rate_msgs",
                "Consumed messages per second over all workers in the last period", f.consumeRateMsgs()));
        out.add(quantiles("kbench_run_publish_latency_micros", "Publish latency (ack - intended send) of the last period, µs",
                f.publishP50Micros(), f.publishP99Micros(), f.publishP999Micros()));
        out.add(quantiles("kbench_run_end_to_end_latency_micros",
                "End-to-end latency (consume - intended send) of the last period, µs",
                f.endToEndP50Micros(), f.endToEndP99Micros(), f.endToEndP999Micros()));
        out.add(new GaugeMetricFamily("kbench_run_backlog_messages",
                "Acknowledged x subscriptions - consumed messages, since the run started", f.backlogMessages()));
        out.add(new CounterMetricFamily("kbench_run_send_errors", "Failed sends over all workers since the run started",
                f.sendErrors()));
        out.add(new CounterMetricFamily("kbench_run_periods", "Progress periods merged so far", f.periods()));
        drift(run.drift(), out);
        return out;
    }

    /** The drift so far: judged and periods for every figure; a slope and p-value only for a judged one, never a 0 for "not yet". */
    private static void drift(List<FigureTrend> trends, List<MetricFamilySamples> out) {
        List<String> figure = List.of("figure");
        GaugeMetricFamily judged = new GaugeMetricFamily("kbench_run_drift_judged", "1 when the figure's drift so far is judged "
                + "(at least " + LiveDrift.MINIMUM_PERIODS + " measured periods with a value); 0: too few, no slope or p-value", figure);
        GaugeMetricFamily periods = new GaugeMetricFamily("kbench_run_drift_periods",
                "Measured periods so far (after the warmup) with a value of the figure", figure);
        GaugeMetricFamily slope = new GaugeMetricFamily("kbench_run_drift_slope_per_hour",
                "Theil-Sen slope of the figure over the measured periods so far, in its unit (the figure label's) per hour", figure);
        GaugeMetricFamily pValue = new GaugeMetricFamily("kbench_run_drift_p_value", "Mann-Kendall two-sided p-value of a trend "
                + "in the figure over the measured periods so far, corrected for neighbouring periods that move together", figure);
        for (FigureTrend t : trends) {
            List<String> label = List.of(t.figure().label());
            judged.addMetric(label, t.judged() ? 1 : 0);
            periods.addMetric(label, t.periods());
            if (t.judged()) {
                slope.addMetric(label, t.slopePerHour());
                pValue.addMetric(label, t.pValue());
            }
        }
        out.add(judged);
        out.add(periods);
        if (!slope.samples.isEmpty()) {
            out.add(slope);
            out.add(pValue);
        }
    }

    private static GaugeMetricFamily quantiles(String name, String help, long p50, long p99, long p999) {
        GaugeMetricFamily g = new GaugeMetricFamily(name, help, List.of("quantile"));
        g.addMetric(List.of("0.5"), p50);
        g.addMetric(List.of("0.99"), p99);
        g.addMetric(List.of("0.999"), p999);
        return g;
    }
}
