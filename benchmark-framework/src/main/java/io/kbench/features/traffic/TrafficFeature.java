package io.kbench.features.traffic;

import io.kbench.features.Feature;
import io.kbench.features.ReportParts;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.ResultSection;
import io.kbench.model.Units;
import io.kbench.page.Fmt;
import io.kbench.page.TableSpec;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The traffic as it was sent: the payload sizes actually sent when they vary (a size distribution, a corpus), and the
 * compression the producers achieved, with the bytes they sent against the payload bytes; one summary line each and a
 * table in the report.
 */
public final class TrafficFeature implements Feature {

    @Override
    public String name() {
        return "traffic";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("traffic", Traffic.class));
    }

    @Override
    public Class<?> findingsType() {
        return TrafficFindings.class;
    }

    @Override
    public Optional<WorkerPart> onWorker(WorkerSetupView run) {
        return Optional.of(new SizesOnWorker(run.driver()));
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        if (run.spec().topology().producersPerTopic() == 0 && !run.spec().consumeOnly()) {
            return Optional.empty();
        }
        return Optional.of(new RunPart() {
            @Override
            public Optional<ResultSection> section(RunFindings findings) {
                List<PeriodSummary> measured = findings.progressOf(Phase.MEASURE);
                double micros = 0;
                double megabytes = 0;
                for (PeriodSummary p : measured) {
                    micros += p.durationMicros();
                    megabytes += p.publishMBps() * p.durationMicros();
                }
                Double bytesPerSecond = micros <= 0 ? null : megabytes / micros * Units.BYTES_PER_MB;
                return Optional.ofNullable(TrafficMerge.merge(findings.fromWorkers(TrafficFindings.class),
                        findings.runTotals().bytesAcked(), bytesPerSecond));
            }
        });
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        Traffic t = run.section(Traffic.class);
        if (t == null) {
            return;
        }
        if (t.sentSizes() != null) {
            lines.line(SummaryLines.Slot.THROUGHPUT, t.sentSizes().line());
        }
        if (t.compression() != null) {
            lines.line(SummaryLines.Slot.THROUGHPUT, t.compression().line());
        }
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        Traffic t = run.section(Traffic.class);
        if (t == null) {
            return;
        }
        if (t.sentSizes() != null) {
            TableSpec sizes = new TableSpec("Message sizes sent", List.of("sizes (bytes)", "messages", "share"));
            for (Traffic.SizeBucket b : t.sentSizes().histogram()) {
                sizes.row(List.of(Fmt.grouped(b.fromBytes(), 0) + " to " + Fmt.grouped(b.toBytes() - 1, 0), Fmt.grouped(b.messages(), 0),
                        String.format(Locale.ROOT, "%.1f%%", 100 * b.share())));
            }
            parts.overviewTable(sizes.note(t.sentSizes().line()));
        }
        if (t.compression() != null) {
            parts.summaryRow("Compression", t.compression().line().substring("Compression: ".length()), "");
        }
    }
}
