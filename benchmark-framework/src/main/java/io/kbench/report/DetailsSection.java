package io.kbench.report;

import io.kbench.backlog.CatchUp;
import io.kbench.consumerevents.ConsumerEvents;
import io.kbench.faults.FaultEvent;
import io.kbench.sharegroup.ShareGroups;
import io.kbench.consumergroups.ConsumerGroups;
import io.kbench.faults.FaultTimeline;
import io.kbench.model.ClientMetrics;
import io.kbench.model.Units;
import io.kbench.model.WorkerSummary;
import io.kbench.result.RunResult;
import io.kbench.search.SearchReport;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

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
        if (r.section(CatchUp.class) != null) {
            s.table(catchUp(r.section(CatchUp.class)));
        }
        Section search = SearchCharts.of(r.section(SearchReport.class));
        if (search != null) {
            s.section(search);
        }
        List<WorkerSummary> workers = r.measurement() == null ? List.of() : r.measurement().workers();
        if (workers.size() > 1) {
            s.charts(workerCharts(workers));
            s.table(workerTable(workers));
        }
        if (r.section(ShareGroups.class) != null) {
            s.table(ConsumerTables.shareGroups(r.section(ShareGroups.class)));
        }
        if (r.section(ConsumerGroups.class) != null) {
            s.table(ConsumerTables.consumerGroups(r.section(ConsumerGroups.class)));
        }
        ConsumerTables.events(r.section(ConsumerEvents.class), r.section(ConsumerGroups.class)).forEach(s::table);
        TableSpec faults = faults(r.section(FaultTimeline.class));
        if (faults.size() > 0) {
            s.table(faults);
        }
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

    /** A backlog run's catch-up: the drain alone, beside the measurement that covers build, drain and the test duration. */
    private static TableSpec catchUp(CatchUp c) {
        TableSpec t = new TableSpec("Backlog catch-up (the drain alone)", List.of("figure", "value"));
        t.row(List.of("backlog target", mb(c.targetBacklogBytes()) + " MB (" + Fmt.grouped(c.targetBacklogMessages(), 0) + " messages)"));
        t.row(List.of("build (consumers paused)", seconds(c.buildMillis()) + " s"));
        t.row(List.of("waiting when the consumers resumed", Fmt.grouped(c.backlogAtResumeMessages(), 0)
                + " messages (" + mb(c.backlogAtResumeBytes()) + " MB)"));
        t.row(List.of("drained to (the drain level)", Fmt.grouped(c.drainLevelMessages(), 0) + " messages"));
        t.row(List.of("time to drain", seconds(c.drainMillis()) + " s"));
        t.row(List.of("consumed while draining", Fmt.grouped(c.consumedMessages(), 0) + " messages: "
                + Fmt.grouped(c.consumeRatePerSecond(), 1) + " msg/s, " + Fmt.grouped(c.consumeMBps(), 2) + " MB/s"));
        t.row(List.of("published while draining", Fmt.grouped(c.publishedMessages(), 0) + " messages: "
                + Fmt.grouped(c.publishRatePerSecond(), 1) + " msg/s, " + Fmt.grouped(c.publishMBps(), 2) + " MB/s"));
        t.row(List.of("publish latency while draining (ms)", latency(c.publishLatency())));
        t.row(List.of("end-to-end latency while draining (ms)", latency(c.endToEndLatency())));
        return t.note("The run's other figures cover its whole measurement, as OpenMessaging Benchmark's do: the backlog's "
                + "build and drain, then the test duration.");
    }

    private static String mb(long bytes) {
        return Fmt.grouped(Units.mb(bytes), 2);
    }

    private static String seconds(long millis) {
        return Fmt.grouped(millis / 1_000.0, 1);
    }

    private static String latency(LatencySummary s) {
        if (s.count() == 0) {
            return "—";
        }
        return "p50 " + Fmt.ms(s.p50Micros() / 1_000.0) + ", p99 " + Fmt.ms(s.p99Micros() / 1_000.0)
                + ", max " + Fmt.ms(s.maxMicros() / 1_000.0) + " over " + Fmt.grouped(s.count(), 0);
    }

    private static TableSpec faults(FaultTimeline faults) {
        TableSpec t = new TableSpec("Faults", List.of("type", "broker", "planned after (ms)", "applied at (s since load start)",
                "applied at", "duration (ms)", "outcome"));
        for (FaultEvent f : faults == null ? List.<FaultEvent>of() : faults.events()) {
            t.row(List.of(f.type(), text(f.broker()), Long.toString(f.plannedAfterMillis()),
                    f.appliedElapsedMicros() == null ? "—" : String.format(Locale.ROOT, "%.1f", f.appliedElapsedMicros() / 1e6),
                    text(f.appliedAt()), text(f.durationMillis()), text(f.outcome())));
        }
        return t;
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
