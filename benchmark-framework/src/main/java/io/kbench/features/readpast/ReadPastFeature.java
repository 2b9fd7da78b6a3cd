package io.kbench.features.readpast;

import io.kbench.features.Feature;
import io.kbench.features.PlanBuilder;
import io.kbench.features.ReportParts;
import io.kbench.features.RunControl;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.model.ResultSection;
import io.kbench.driver.ProvisionedCluster;
import io.kbench.workload.PastReads;
import io.kbench.workload.Workload;
import java.util.Map;
import java.util.List;
import java.util.Optional;

/**
 * Consumers that read the past: a consume-only run of existing topics, or catch-up groups beside tailing ones. Its
 * phase runs instead of the measurement (consume-only) or as the measurement opens (catch-up); a {@link MemberTally}
 * on each consumer counts its group's records; the section {@code readPast} has each group's figures.
 */
public final class ReadPastFeature implements Feature {

    static final String NAME = "readpast";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("readPast", ReadPast.class));
    }

    /** A workload that reads the past from a remote tier needs a cluster the run starts with one: only then are its reads counted. */
    @Override
    public List<String> clusterProblems(Workload workload, Map<String, Double> clusterMetrics) {
        if (!workload.tieredStorage() || clusterMetrics.containsKey(ProvisionedCluster.REMOTE_STORAGE)) {
            return List.of();
        }
        return List.of("tieredStorage: the workload reads the past from a remote storage tier, and " + (clusterMetrics.isEmpty()
                ? "the run does not start its cluster, so it can neither give the topics a remote tier nor count what is read from "
                + "it. Use a cluster the run starts with one (--drivers driver-kafka/kafka-local-tiered.yaml), or remove tieredStorage "
                + "to read whatever the cluster serves" : "the cluster the run starts has no remote tier: set localCluster.tieredStorage: "
                + "true in the driver file (driver-kafka/kafka-local-tiered.yaml)"));
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup setup) {
        PastReads past = setup.spec().subscriptions().pastReads().orElse(null);
        if (past == null) {
            return Optional.empty();
        }
        return Optional.of(new RunPart() {
            private ReadingRun run;

            @Override
            public void plan(PlanBuilder plan) {
                run = new ReadingRun(setup.spec(), setup.layout(), past);
                if (run.layout.pastReaders().isEmpty()) {
                    return;
                }
                if (past.consumeOnly()) {
                    plan.insteadOfMeasurement(new ConsumeOnlyPhase(run), -1, "Reading over");
                } else {
                    plan.atMeasurementStart(new CatchUpPhase(run));
                }
            }

            @Override
            public void loadStarted(RunControl control) {
                if (run != null) {
                    run.loadStartNanos = control.loadStartNanos();
                    run.metricsAtLoad = control.faults().metrics();
                }
            }

            @Override
            public Optional<ResultSection> section(RunFindings findings) {
                if (run == null) {
                    return Optional.empty();
                }
                run.add(findings.fromWorkers(GroupsNow.class));
                return Optional.of(run.section());
            }
        });
    }

    @Override
    public Optional<WorkerPart> onWorker(WorkerSetupView run) {
        return Optional.of(new ReadPastOnWorker(run.workerId(), run.clock(), run.runTag()));
    }

    @Override
    public Class<?> findingsType() {
        return GroupsNow.class;
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        ReadPast r = run.section(ReadPast.class);
        if (r != null) {
            ReadPastLines.write(r, lines);
        }
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        ReadPast r = run.section(ReadPast.class);
        if (r != null) {
            ReadPastReport.add(r, parts);
        }
    }
}
