package io.kbench.coordinator;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.RunStatus;
import io.kbench.stats.PeriodStats;
import java.util.List;

/**
 * What a run tells as it goes, to whoever listens: the console prints it. Each method has a default
 * that ignores the news. Called on the coordinator's thread (a timeline's lines on its own), in order.
 */
public interface RunListener {

    /** A stretch of the run starts; {@code message} is its first line. */
    default void phaseStarted(Phase phase, String message) {}

    /** A progress period, with its line as printed. */
    default void progress(PeriodSummary period, String line) {}

    /** The run's topics exist; {@code created}: the run created them (and deletes them at its end). */
    default void topics(List<String> names, boolean created) {}

    /** A period the result keeps (one per sample interval), with each worker's stats it was merged from. */
    default void sample(PeriodSummary period, List<PeriodStats> workers) {}

    /** A line of news: what the run is doing, what a feature did. */
    default void line(String text) {}

    /** A feature is about to change the cluster; {@code undo} says how to put it back (see RunControl#changeMade). */
    default void changeMade(String feature, String key, String description, Object undo) {}

    /** The change under {@code key} was put back, or kept, as {@code outcome} says. */
    default void changeUndone(String key, String outcome) {}

    /** A warning: kept in the result too. */
    default void warning(String text) {}

    /** The run's status changed from completed, for this reason. */
    default void statusChanged(RunStatus status, String reason) {}
}
