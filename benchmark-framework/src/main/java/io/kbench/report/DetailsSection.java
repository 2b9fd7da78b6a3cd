package io.kbench.report;

import io.kbench.model.ClientMetrics;
import io.kbench.model.WorkerSummary;
import io.kbench.result.RunResult;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

import io.kbench.page.Json;
import io.kbench.page.ChartSpec;
import io.kbench.page.TableSpec;
import io.kbench.page.Fmt;
import io.kbench.page.Section;
/** One run's own section: time series, the per-worker breakdown, faults, errors and client metrics. */
final class DetailsSection {

    private DetailsSection() {}

    static Section of(ReportedRun run, boolean folded) {
        Section s = new Section(run.label() + " — " + run.run().file().getFileName());
        if (folded) {
            s.folded();
        }
        if (run.omb()) {
            s.text("OpenMessaging Benchmark result: no histograms, so its percentile curves come from its rounded quantile"
                    + " map, and its publish latency (ack − send) is shown as send latency.");
        }
        s.charts(TimeSeriesCharts.of(run));
        RunResult r = run.run().kbench();
        if (r == null) {
            return s;
        }
        for (Object part : run.parts().overview) {
            if (part instanceof Section sub) {
                s.section(sub);
            } else {
                s.table((TableSpec) part);
            }
        }
        List<WorkerSummary> workers = r.measurement() == null ? List.of() : r.measurement().workers();
        if (workers.size() > 1) {
            s.charts(workerCharts(workers));
            s.table(workerTable(workers));
        }
        run.parts().details.forEach(s::table);
        TableSpec errors = errors(r);
        if (errors.size() > 0) {
            s.table(errors);
        }
        TableSpec metrics = clientMetrics(r.section(ClientMetrics.class));
        if (metrics.size() > 0) {
            s.table(metrics);
        }
        Section provenance = ProvenanceTables.of(r);
        if (provenance != null) {
            s.section(provenance);
        }
        return s;
    }

    private static ChartSpec[] workerCharts(List<WorkerSummary> workers) {
        int n = workers.size();
        double[] x = new double[n];
        Double[] rate = new Double[n];
        Double[] p99 = new Double[n];
        List<String> labels = new ArrayList<>();
        List<Double> ticks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            WorkerSummary w = workers.get(i);
            x[i] = i;
            ticks.add((double) i);
            labels.add(w.workerId() == null ? "worker " + i : w.workerId());
            rate[i] = w.publishRate();
            p99[i] = w.publishLatency().count() > 0 ? w.publishLatency().p99Micros() / 1_000.0 : null;
        }
        ChartSpec rates = new ChartSpec("Publish rate per worker").x("worker", "", "ordinal", Json.numbers(x)).padded()
                .xTicks(ticks, labels).y("rate", "msg/s", "linear").bars("publish msg/s", rate);
        ChartSpec latency = new ChartSpec("Publish latency p99 per worker").x("worker", "", "ordinal", Json.numbers(x)).padded()
                .xTicks(ticks, labels).y("latency", "ms", "linear").bars("publish p99", p99);
        return new ChartSpec[] {rates, latency};
    }

    private static TableSpec workerTable(List<WorkerSummary> workers) {
        TableSpec t = new TableSpec("Per worker", List.of("worker", "published (msg/s)", "published (MB/s)", "consumed (msg/s)",
                "publish p50 (ms)", "publish p99 (ms)", "end-to-end p99 (ms)", "CPU (% of cores)", "cores", "send errors",
                "due but unsent (messages)"));
        for (WorkerSummary w : workers) {
            t.row(List.of(w.workerId(), Fmt.grouped(w.publishRate(), 1), Fmt.grouped(w.publishMBps(), 2),
                    Fmt.grouped(w.consumeRate(), 1), ms(w.publishLatency(), LatencySummary::p50Micros),
                    ms(w.publishLatency(), LatencySummary::p99Micros), ms(w.endToEndLatency(), LatencySummary::p99Micros),
                    String.format(Locale.ROOT, "%.0f", 100 * w.processCpuLoad()), Integer.toString(w.availableProcessors()),
                    Fmt.grouped(w.sendErrors(), 0), Fmt.grouped(w.scheduleLagMessages(), 0)));
        }
        return t;
    }

    private static String ms(LatencySummary s, ToLongFunction<LatencySummary> micros) {
        return s.count() > 0 ? Fmt.ms(micros.applyAsLong(s) / 1_000.0) : "—";
    }

    private static String text(Object value) {
        return value == null ? "—" : value.toString();
    }

    /** Errors by class (what became of the messages) or, in results without it, the measurement's errors. */
    private static TableSpec errors(RunResult r) {
        TableSpec t = new TableSpec("Errors", List.of("error", "count", "example"));
        List<ErrorCount> errors = r.outcome().delivery() != null ? r.outcome().delivery().errorsByClass()
                : r.measurement() != null ? r.measurement().errors() : List.of();
        errors.forEach(e -> t.row(List.of(e.errorClass(), Fmt.grouped(e.count(), 0), text(e.example()))));
        return t;
    }

    private static TableSpec clientMetrics(ClientMetrics metrics) {
        TableSpec t = new TableSpec("Client metrics", List.of("metric", "value"));
        if (metrics != null) {
            metrics.values().forEach((name, value) -> t.row(List.of(name, Fmt.grouped(value, 3))));
        }
        return t;
    }
}
