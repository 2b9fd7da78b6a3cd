package io.kbench.features;

/** A phase a feature adds to a run ({@link PlanBuilder}): it runs on the workers through the context and returns what it measured. */
@FunctionalInterface
public interface FeaturePhase {

    /**
     * Runs the phase. A failure is thrown as a {@link RunFailure}; the engine stops the run and keeps
     * what was measured.
     */
    PhaseOutcome run(PhaseContext context);
}
