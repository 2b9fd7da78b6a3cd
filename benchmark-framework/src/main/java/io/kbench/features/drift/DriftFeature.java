package io.kbench.features.drift;

import io.kbench.features.Feature;
import io.kbench.features.ReportParts;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.model.Phase;
import io.kbench.model.ResultSection;
import io.kbench.workload.Length;
import java.util.List;
import java.util.Optional;

/**
 * Whether the throughput, publish p99, end-to-end p99 and consumer lag drifted over the measurement: read from the
 * progress periods after the warmup, judged by {@link DriftRule} (Theil–Sen slope, Mann–Kendall test), written as the
 * {@code drift} section and one summary line. Every timed run with producers gets it; a workload's {@code drift:}
 * section only changes which figures and how strictly.
 */
public final class DriftFeature implements Feature {

    @Override
    public String name() {
        return "drift";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("drift", Drift.class));
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        // A search measures many short steps, each at its own rate: no one measurement to judge.
        if (!(run.spec().length() instanceof Length.Timed) || run.spec().rateDiscovery() || run.spec().topology().producersPerTopic() == 0) {
            return Optional.empty();
        }
        DriftSettings settings = DriftSettings.of(run.workload(), run.spec());
        if (settings.figures().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RunPart() {
            @Override
            public Optional<ResultSection> section(RunFindings findings) {
                return Optional.of(DriftRule.judge(settings, findings.progressOf(Phase.MEASURE)));
            }
        });
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        Drift drift = run.section(Drift.class);
        if (drift != null && run.measurement() != null) {
            lines.line(SummaryLines.Slot.CLOSING, drift.line());
        }
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        Drift drift = run.section(Drift.class);
        if (drift != null) {
            parts.summaryRow("Drift", drift.text(), "");
        }
    }
}
