package io.kbench.features.partitions;

import io.kbench.driver.TopicSpec;
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
import io.kbench.model.Diagnosis;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.ResultSection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Per-partition figures from both sides: what each partition carried (messages, bytes, msg/s, mean publish latency),
 * how uneven that was (the skew, the five busiest, the distribution), each consumer group's lag per partition at the
 * end, one summary line, a chart in the report, and the hot-partition diagnosis when one partition limited the run. Past
 * {@value Partitions#MAX_LISTED_PARTITIONS} partitions the section lists the busiest only ({@link PartitionListing}).
 */
public final class PartitionsFeature implements Feature {

    @Override
    public String name() {
        return "partitions";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("perPartition", Partitions.class));
    }

    @Override
    public Class<?> findingsType() {
        return PartitionFindings.class;
    }

    @Override
    public Optional<WorkerPart> onWorker(WorkerSetupView run) {
        return Optional.of(new PartitionsOnWorker(run.driver()));
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        return Optional.of(new RunPart() {
            /** Judged in {@link #section} over every partition, before the section's lists are cut. */
            private volatile Optional<Diagnosis> hot = Optional.empty();

            @Override
            public Optional<ResultSection> section(RunFindings findings) {
                Map<String, Integer> partitions = new LinkedHashMap<>();
                try {
                    for (TopicSpec t : run.layout().topics()) {
                        partitions.put(t.name(), t.partitions());
                    }
                } catch (IllegalStateException e) {
                    return Optional.empty(); // the run failed before its topics were known
                }
                List<PeriodSummary> window = lastWindow(findings.progressOf(Phase.MEASURE));
                Partitions all = PartitionMerge.merge(findings.fromWorkers(PartitionFindings.class), partitions,
                        rate(window, PeriodSummary::publishRate), rate(window, PeriodSummary::consumeRate));
                if (all == null) {
                    return Optional.empty();
                }
                List<HotPartition.Finding> found = HotPartition.findings(all);
                hot = HotPartition.diagnosis(found);
                return Optional.of(PartitionListing.of(all, Partitions.MAX_LISTED_PARTITIONS, found.stream()
                        .map(f -> new PartitionListing.Key(f.topic(), f.partition())).toList()));
            }

            @Override
            public Optional<Diagnosis> limit(RunView view) {
                return view.section(Partitions.class) == null ? Optional.empty() : hot;
            }
        });
    }

    /** The last stretch of adjacent measured periods: the window the counts (reset when it opened) belong to. */
    static List<PeriodSummary> lastWindow(List<PeriodSummary> measured) {
        int start = measured.size();
        while (start > 0) {
            if (start < measured.size()) {
                PeriodSummary before = measured.get(start - 1);
                PeriodSummary after = measured.get(start);
                if (after.elapsedMicros() - after.durationMicros() - before.elapsedMicros() > after.durationMicros() / 2) {
                    break; // a gap: an earlier step of a search
                }
            }
            start--;
        }
        return measured.subList(start, measured.size());
    }

    /** A rate over the window, weighted by each period's length; null for no window. */
    static Double rate(List<PeriodSummary> window, ToDoubleFunction<PeriodSummary> perSecond) {
        double micros = 0;
        double events = 0;
        for (PeriodSummary p : window) {
            micros += p.durationMicros();
            events += perSecond.applyAsDouble(p) * p.durationMicros();
        }
        return micros <= 0 ? null : events / micros;
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        Partitions p = run.section(Partitions.class);
        if (p != null) {
            lines.line(SummaryLines.Slot.THROUGHPUT, p.line());
        }
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        Partitions p = run.section(Partitions.class);
        if (p != null && !p.topics().isEmpty()) {
            parts.section(PartitionCharts.section(p));
        }
    }
}
