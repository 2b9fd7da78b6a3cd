package io.kbench.features.backlog;

import io.kbench.features.Feature;
import io.kbench.features.PlanBuilder;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.ReportParts;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.model.Units;
import io.kbench.page.Fmt;
import io.kbench.page.TableSpec;
import io.kbench.stats.LatencySummary;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * OpenMessaging Benchmark's backlog test ({@code consumerBacklogSizeGB}): with the consumers paused, a
 * backlog is built, then drained; the drain alone gives the catch-up figures.
 */
public final class BacklogFeature implements Feature {

    @Override
    public String name() {
        return "backlog";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(new SectionType("catchUp", CatchUp.class, SectionType.JSON_NULL));
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        // A catch-up section's groups drain the backlog themselves (the readpast feature), beside the tailing ones.
        if (run.workload().consumerBacklogSizeGB() <= 0 && run.workload().consumeDelay().isZero() || run.workload().catchUp() != null) {
            return Optional.empty();
        }
        return Optional.of(new RunPart() {
            @Override
            public void plan(PlanBuilder plan) {
                plan.atMeasurementStart(new BacklogPhase());
            }
        });
    }

    /** The backlog's own figures: the build, and the drain alone; and the latency while draining. */
    @Override
    public void summary(RunView run, SummaryLines lines) {
        CatchUp c = run.section(CatchUp.class);
        if (c == null) {
            return;
        }
        lines.line(SummaryLines.Slot.THROUGHPUT, String.format(Locale.ROOT, "Catch-up (the drain alone, %.1f s): %,d messages "
                        + "(%.2f MB) waited when the consumers resumed, after a build of %.1f s; drained to %,d: consumed %,d messages "
                        + "at %,.1f msg/s, %.2f MB/s, while publishing %,.1f msg/s.",
                c.drainMillis() / 1e3, c.backlogAtResumeMessages(), c.backlogAtResumeBytes() / Units.BYTES_PER_MB,
                c.buildMillis() / 1e3, c.drainLevelMessages(), c.consumedMessages(), c.consumeRatePerSecond(), c.consumeMBps(),
                c.publishRatePerSecond()));
        if (c.publishLatency().count() > 0) {
            lines.latencyRow("publish, while draining", c.publishLatency(), "acked messages, drain only");
        }
        if (c.endToEndLatency().count() > 0) {
            lines.latencyRow("e2e, while draining", c.endToEndLatency(), "consumed messages, drain only");
        }
    }

    /** The catch-up: the drain alone, beside the measurement that covers build, drain and the test duration. */
    @Override
    public void report(RunView run, ReportParts parts) {
        CatchUp c = run.section(CatchUp.class);
        if (c == null) {
            return;
        }
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
        parts.overviewTable(t.note("The run's other figures cover its whole measurement, as OpenMessaging Benchmark's do: the "
                + "backlog's build and drain, then the test duration."));
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
}
