package io.kbench.features.workermemory;

import io.kbench.features.Feature;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.model.ResultSection;
import java.util.List;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * Each worker's memory at the end of its load ({@link WorkerMemory}): what the clients' per-partition
 * state and kbench's own (the integrity check's sequences, the histograms) come to on a client machine.
 */
public final class WorkerMemoryFeature implements Feature {

    @Override
    public String name() {
        return "workermemory";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("workerMemory", WorkerMemories.class));
    }

    @Override
    public Optional<WorkerPart> onWorker(WorkerSetupView run) {
        WorkerMemory.resetPeak(); // the run's own peak, not an earlier run's of this JVM
        return Optional.of(new WorkerPart() {
            @Override
            public WorkerMemory findings(ToIntFunction<String> liveMembers) {
                return WorkerMemory.measure(run.workerId());
            }
        });
    }

    @Override
    public Class<?> findingsType() {
        return WorkerMemory.class;
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        return Optional.of(new RunPart() {
            @Override
            public Optional<ResultSection> section(RunFindings findings) {
                return Optional.ofNullable(WorkerMemories.of(findings.fromWorkers(WorkerMemory.class)));
            }
        });
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        WorkerMemories memory = run.section(WorkerMemories.class);
        if (memory != null && run.measurement() != null) {
            lines.line(SummaryLines.Slot.CLOSING, memory.line());
        }
    }
}
