package io.kbench.journal;

import io.kbench.model.AckedInWindow;
import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.model.Measurement;
import io.kbench.model.MeasurementCalculator;
import io.kbench.model.PeriodSummary;
import io.kbench.model.RunStatus;
import io.kbench.result.ResultSections;
import io.kbench.result.RunIdentity;
import io.kbench.result.RunOutcome;
import io.kbench.result.RunResult;
import io.kbench.result.RunTimeline;
import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencyHistograms;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns the journal of a run whose coordinator was lost into a result: status {@code failed}, with
 * the reason, every period the journal kept, the measurement over its measured periods (percentiles
 * exact: the periods' histograms added up), and the topics left on the cluster.
 */
public final class JournalRecovery {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private JournalRecovery() {}

    /** When the coordinator was lost, in words: the time of its last journal entry. */
    public static String lostAt(Journal j) {
        return TIME.format(Instant.ofEpochMilli(j.lastEpochMillis()));
    }

    public static RunResult toResult(Journal j) {
        JournalEntry.Header h = j.header();
        List<JournalEntry.Period> entries = j.entries(JournalEntry.Period.class);
        List<PeriodSummary> periods = entries.stream().map(JournalEntry.Period::period).toList();
        List<JournalEntry.Period> measured = entries.stream().filter(p -> p.period().phase().measured()).toList();
        List<String> warnings = new ArrayList<>(j.entries(JournalEntry.Warning.class).stream().map(JournalEntry.Warning::text).toList());
        List<String> left = j.leftTopics();
        if (!left.isEmpty()) {
            warnings.add("the run's topics were left on the cluster: " + String.join(", ", left) + " (delete them, or run again in "
                    + "this output directory with --delete-left-topics)");
        }
        if (j.cut() != null) {
            warnings.add("the journal " + j.cut());
        }
        String earlier = j.entries(JournalEntry.Status.class).stream().map(s -> s.status() + ": " + s.reason()).findFirst()
                .map(s -> "; it had already " + s).orElse("");
        String reason = String.format(Locale.ROOT, "coordinator lost at %s, partial: %d measured period(s) of %.1f s kept by its "
                + "journal%s", lostAt(j), measured.size(), measured.stream().mapToLong(p -> p.period().durationMicros()).sum() / 1e6,
                earlier);
        Measurement m = measured.isEmpty() ? null : measurement(measured);
        Delivery delivery = entries.isEmpty() ? null : delivery(entries.get(entries.size() - 1).totals().runTotals());
        RunIdentity identity = new RunIdentity(h.runId(), h.workloadFile(), h.workload(), h.driver(), h.cluster(), h.versions(),
                h.workerIds(), j.entries(JournalEntry.Topics.class).stream().flatMap(t -> t.names().stream()).toList());
        RunOutcome outcome = new RunOutcome(RunStatus.FAILED, reason, warnings,
                Diagnosis.NONE, delivery, List.of());
        RunTimeline timeline = new RunTimeline(Instant.ofEpochMilli(h.atEpochMillis()), Instant.ofEpochMilli(j.lastEpochMillis()),
                h.sampleIntervalMillis(), null, 0, List.of(), periods);
        return new RunResult(identity, outcome, ResultSections.NONE, timeline, m, null);
    }

    /** The measured periods as one window: their counts and histograms added up, as one worker's. */
    private static Measurement measurement(List<JournalEntry.Period> measured) {
        LatencyHistograms latencies = LatencyHistograms.empty();
        Counts counts = Counts.ZERO;
        long micros = 0;
        for (JournalEntry.Period p : measured) {
            latencies.add(p.totals().latencies());
            counts = counts.plus(p.totals().counts());
            micros += p.totals().durationMicros();
        }
        JournalEntry.Period last = measured.get(measured.size() - 1);
        long end = last.atEpochMillis() * 1_000;
        long start = end - micros;
        List<ErrorCount> errors = last.totals().errors() == null ? List.of() : last.totals().errors();
        CumulativeStats all = new CumulativeStats("all workers (from the journal)", start, start, end, end, 0,
                counts.messagesReceived() > 0 ? end : 0, counts, last.totals().runTotals(), latencies, 0, 0, 0, errors);
        double requested = last.period().requestedRate();
        return MeasurementCalculator.calculate(List.of(all), requested, false, end, new AckedInWindow(counts, micros));
    }

    /** What became of the messages so far; those in flight when the coordinator was lost count as undelivered. */
    private static Delivery delivery(Counts run) {
        return Delivery.of(List.of(new CumulativeStats("all workers (from the journal)", 0, 0, 0, 0, 0, 0, run, run,
                LatencyHistograms.empty(), 0, 0, 0, List.of())));
    }
}
