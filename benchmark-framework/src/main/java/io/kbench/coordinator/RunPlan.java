package io.kbench.coordinator;

import io.kbench.workload.Length;
import io.kbench.workload.TimelineEvent;
import io.kbench.workload.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run does once its topics exist: phases in order, and events (faults) timed from the start
 * of the measurement. The one place where a workload's rate and length and the options decide the
 * shape of a run.
 *
 * @param phases what runs, in order
 * @param timeline what happens at times during the measurement (faults, then consumer events), in the workload's order
 */
record RunPlan(List<RunPhase> phases, List<TimelineEvent> timeline) {

    RunPlan {
        phases = List.copyOf(phases);
        timeline = List.copyOf(timeline);
    }

    static RunPlan of(Workload w, CoordinatorOptions options) {
        List<RunPhase> phases = new ArrayList<>();
        Length length = w.length();
        if (length instanceof Length.Prefill prefill) {
            phases.add(new RunPhase.Prefill(prefill.messages()));
            phases.add(new RunPhase.Measure(length));
            return new RunPlan(phases, List.of());
        }
        if (options.search() != null) {
            // Each step settles: the workload's warmup is not a phase of its own.
            phases.add(new RunPhase.StartLoad(SearchPhases.firstRate(w), false));
            phases.add(new RunPhase.Search(options.search()));
            phases.add(new RunPhase.Drain(options.drainTimeout(), "Search over; producers stopped"));
            return new RunPlan(phases, List.of());
        }
        boolean warmup = !length.warmup().isZero();
        phases.add(new RunPhase.StartLoad(null, !warmup));
        if (warmup) {
            phases.add(new RunPhase.Warmup(length.warmup()));
        }
        if (w.consumerBacklogSizeGB() > 0) {
            phases.add(new RunPhase.BacklogBuild());
        }
        phases.add(new RunPhase.Measure(length));
        phases.add(new RunPhase.Drain(options.drainTimeout(), "Producers stopped"));
        List<TimelineEvent> timeline = new ArrayList<>(w.faults());
        timeline.addAll(w.consumerEvents());
        return new RunPlan(phases, timeline);
    }

    boolean has(Class<? extends RunPhase> kind) {
        return phases.stream().anyMatch(kind::isInstance);
    }
}
