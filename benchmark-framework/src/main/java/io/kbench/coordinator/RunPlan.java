package io.kbench.coordinator;

import io.kbench.features.FeaturePhase;
import io.kbench.features.PlanBuilder;
import io.kbench.workload.Length;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run does once its topics exist: phases in order, with or without a timeline of events
 * beside the measurement (faults, consumer events). The one place where a workload's length, the
 * options and the features' phases decide the shape of a run.
 *
 * @param phases what runs, in order
 * @param timeline whether the features' timelines run (not when a feature's phase replaces the measurement)
 */
record RunPlan(List<RunPhase> phases, boolean timeline) {

    RunPlan {
        phases = List.copyOf(phases);
    }

    static RunPlan of(RunSpec w, Duration drainTimeout, FeatureRuns features) {
        Builder b = new Builder();
        features.plan(b);
        List<RunPhase> phases = new ArrayList<>();
        Length length = w.length();
        if (length instanceof Length.Prefill prefill) {
            phases.add(new RunPhase.Prefill(prefill.messages()));
            phases.add(new RunPhase.Measure(length));
            return new RunPlan(phases, false);
        }
        if (b.replacement != null) {
            // Its steps settle: the workload's warmup is not a phase of its own.
            phases.add(new RunPhase.StartLoad(b.startRate, false));
            phases.add(new RunPhase.Feature(b.replacement, false));
            phases.add(new RunPhase.Drain(drainTimeout, b.afterLine));
            return new RunPlan(phases, false);
        }
        boolean warmup = !length.warmup().isZero();
        phases.add(new RunPhase.StartLoad(null, !warmup));
        if (warmup) {
            phases.add(new RunPhase.Warmup(length.warmup()));
        }
        b.atStart.forEach(p -> phases.add(new RunPhase.Feature(p, true)));
        phases.add(new RunPhase.Measure(length));
        phases.add(new RunPhase.Drain(drainTimeout, "Producers stopped"));
        return new RunPlan(phases, true);
    }

    /** What the features ask of the plan. */
    private static final class Builder implements PlanBuilder {
        final List<FeaturePhase> atStart = new ArrayList<>();
        FeaturePhase replacement;
        double startRate;
        String afterLine;

        @Override
        public void atMeasurementStart(FeaturePhase phase) {
            atStart.add(phase);
        }

        @Override
        public void insteadOfMeasurement(FeaturePhase phase, double startRatePerSecond, String afterLine) {
            if (replacement != null) {
                throw new IllegalStateException("two features replace the measurement of one run");
            }
            this.replacement = phase;
            this.startRate = startRatePerSecond;
            this.afterLine = afterLine;
        }
    }
}
