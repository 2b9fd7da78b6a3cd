package io.kbench.features;

import io.kbench.model.Diagnosis;
import io.kbench.model.PeriodSummary;
import io.kbench.model.ResultSection;
import io.kbench.stats.LatencyHistograms;
import java.util.List;
import java.util.Optional;

/**
 * A feature's part in one run, on the coordinator: made by {@link Feature#coordinate} for a run that
 * uses the feature. The engine calls the hooks in this order: {@link #plan}, {@link #loadStarted},
 * {@link #measurementStarted}, {@link #measurementEnded}, {@link #phasesEnded} (always, also after a
 * failure), {@link #section}, {@link #limit}, {@link #verdict}. Each has a default that does nothing.
 */
public interface RunPart {

    /** Adds the feature's phases to the run's plan (a backlog's build and drain; a search instead of the measurement). */
    default void plan(PlanBuilder plan) {}

    /** The load has started: the controls that what runs beside the phases (a timeline of events) acts through. */
    default void loadStarted(RunControl control) {}

    /**
     * A period the result keeps has been merged (one per sample interval, from the load's start): its figures and each
     * worker's latencies within it, for a feature that judges windows of the run exactly (an operation's before and
     * during). Called on the coordinator's thread; the histograms are the period's own and must not be changed: add
     * them into a histogram of the feature's. Most features ignore it.
     */
    default void sampled(PeriodSummary period, List<LatencyHistograms> workerLatencies) {}

    /** The measurement window opens (after the warmup): a timeline starts its clock. */
    default void measurementStarted() {}

    /** The measurement window closes on time: events not yet due are dropped. */
    default void measurementEnded() {}

    /** The phases are over, normally or not: stop whatever runs beside them. Must not throw. */
    default void phasesEnded() {}

    /** The feature's section of the result, once the workers have reported; empty for none. */
    default Optional<ResultSection> section(RunFindings findings) {
        return Optional.empty();
    }

    /**
     * What limited the run, as this feature's evidence shows it (a hot partition; consumers that fell behind), or
     * empty. Asked once the result is assembled; the engine's own diagnosis stands when it found a limit, and the
     * first feature's finding (in registration order) replaces an engine diagnosis of "no limit found", or one that
     * the finding's verdict refines ({@code Diagnosis.Verdict.refines}: a hot partition is why the consumers fell
     * behind). Never blame the clients without evidence about the clients.
     */
    default Optional<Diagnosis> limit(RunView run) {
        return Optional.empty();
    }

    /** A verdict on the finished run, once its status and diagnosis are judged (the CKU check); empty for none. */
    default Optional<ResultSection> verdict(RunView run) {
        return Optional.empty();
    }
}
