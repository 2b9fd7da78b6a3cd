package io.kbench.journal;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.model.PeriodSummary;
import io.kbench.result.DriverInfo;
import io.kbench.stats.Counts;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencyHistograms;
import io.kbench.workload.Workload;
import java.util.List;
import java.util.Map;

/**
 * One line of a run journal (docs/run-journal.md): JSON, its kind in {@code type}. Times are
 * milliseconds since the Unix epoch on the coordinator's clock.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = JournalEntry.Header.class, name = "header"),
    @JsonSubTypes.Type(value = JournalEntry.Topics.class, name = "topics"),
    @JsonSubTypes.Type(value = JournalEntry.PhaseStarted.class, name = "phase"),
    @JsonSubTypes.Type(value = JournalEntry.Line.class, name = "line"),
    @JsonSubTypes.Type(value = JournalEntry.Warning.class, name = "warning"),
    @JsonSubTypes.Type(value = JournalEntry.Status.class, name = "status"),
    @JsonSubTypes.Type(value = JournalEntry.Period.class, name = "period"),
    @JsonSubTypes.Type(value = JournalEntry.TopicsDeleted.class, name = "topicsDeleted"),
    @JsonSubTypes.Type(value = JournalEntry.Change.class, name = "change"),
    @JsonSubTypes.Type(value = JournalEntry.ChangeUndone.class, name = "changeUndone")
})
public sealed interface JournalEntry {

    /** When the entry was written. */
    long atEpochMillis();

    /**
     * The first line: which run, and where its result was to go.
     *
     * @param journalVersion {@link RunJournal#VERSION} of the kbench that wrote it
     * @param kbenchVersion that kbench's version
     * @param resultFile where the result was to be written
     * @param sampleIntervalMillis the length of the periods the journal keeps
     * @param driver the driver file's name and fields, secrets redacted
     * @param cluster a cluster the run started, or null
     */
    record Header(long atEpochMillis, int journalVersion, String kbenchVersion, String runId, String resultFile,
                  String workloadFile, Workload workload, DriverInfo driver, String cluster, Map<String, String> versions,
                  List<String> workerIds, long sampleIntervalMillis) implements JournalEntry {}

    /**
     * The run's topics, once they exist.
     *
     * @param created the run created them (and deletes them when it ends): a lost run leaves them behind
     */
    record Topics(long atEpochMillis, List<String> names, boolean created) implements JournalEntry {}

    /** A later run deleted the topics this one left behind ({@code --delete-left-topics}); appended by that run. */
    record TopicsDeleted(long atEpochMillis, List<String> names, String byRun) implements JournalEntry {}

    /** A stretch of the run started ({@code phase} as the periods name it), with its first line. */
    record PhaseStarted(long atEpochMillis, String phase, String message) implements JournalEntry {}

    /**
     * A change to the cluster, written before it is made: how to put it back ({@code undo}, the feature's own form), for
     * {@code bin/benchmark recover} when no {@link ChangeUndone} of its key follows.
     *
     * @param feature the feature that made it, which reads {@code undo} back
     * @param key names the change within the run
     * @param description the change in words
     */
    record Change(long atEpochMillis, String feature, String key, String description, JsonNode undo) implements JournalEntry {}

    /** The change under {@code key} was put back, or kept as the workload asked; {@code outcome} says which. */
    record ChangeUndone(long atEpochMillis, String key, String outcome) implements JournalEntry {}

    /** A line of news: a fault applied, a consumer event, a step of a search. */
    record Line(long atEpochMillis, String text) implements JournalEntry {}

    record Warning(long atEpochMillis, String text) implements JournalEntry {}

    /** The run's status changed from completed (it failed, was interrupted or degraded). */
    record Status(long atEpochMillis, String status, String reason) implements JournalEntry {}

    /**
     * One period the result keeps, merged over every worker: its figures, and what they were computed
     * from (so that a result can be rebuilt with exact percentiles).
     */
    record Period(long atEpochMillis, PeriodSummary period, PeriodTotals totals) implements JournalEntry {}

    /**
     * Every worker's stats of one period, added up.
     *
     * @param durationMicros the period's length (the longest among the workers)
     * @param counts the counts within the period
     * @param runTotals the counts since the run started, at the period's end
     * @param latencies every sample recorded in the period, in µs
     * @param errors the send errors of the run so far, by class
     */
    record PeriodTotals(long durationMicros, Counts counts, Counts runTotals, LatencyHistograms latencies, List<ErrorCount> errors) {}
}
