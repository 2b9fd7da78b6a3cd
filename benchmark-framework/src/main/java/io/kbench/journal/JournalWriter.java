package io.kbench.journal;

import io.kbench.coordinator.RunListener;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.RunStatus;
import io.kbench.stats.Counts;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.ErrorTally;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.PeriodStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a run's journal as the run goes: a listener of the coordinator that appends one line per
 * piece of news, and flushes at each period, so a coordinator killed mid-run leaves every period it
 * had merged. A journal that cannot be written never fails the run: the first error is logged and
 * journaling stops. On the coordinator's thread (a timeline's lines on its own): synchronized.
 */
public final class JournalWriter implements RunListener, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(JournalWriter.class);

    private final Path file;
    private final BenchmarkClock clock;
    private final UnaryOperator<String> redact;
    private BufferedWriter out;
    private final java.util.Set<String> openChanges = new java.util.LinkedHashSet<>();

    /**
     * Opens {@code file} (its directory is created) and writes the header.
     *
     * @param redact masks every secret the run knows in each line, as in the result file
     */
    public JournalWriter(Path file, BenchmarkClock clock, UnaryOperator<String> redact, JournalEntry.Header header) {
        this.file = file;
        this.clock = clock;
        this.redact = redact;
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        } catch (IOException e) {
            log.warn("Cannot write the run journal {} ({}): a coordinator lost mid-run would leave nothing of the run",
                    file, Errors.describeIo(e));
            out = null;
        }
        write(header, true);
    }

    public Path file() {
        return file;
    }

    private long now() {
        return clock.epochMicros() / 1_000;
    }

    private synchronized void write(JournalEntry entry, boolean flush) {
        if (out == null) {
            return;
        }
        try {
            out.write(redact.apply(RunJournal.LINE.writeValueAsString(entry)));
            out.write('\n');
            if (flush) {
                out.flush();
            }
        } catch (IOException e) {
            log.warn("Cannot write the run journal {} ({}): it stops here", file, Errors.describeIo(e));
            closeQuietly();
        }
    }

    @Override
    public void topics(List<String> names, boolean created) {
        write(new JournalEntry.Topics(now(), names, created), true);
    }

    @Override
    public void phaseStarted(Phase phase, String message) {
        write(new JournalEntry.PhaseStarted(now(), phase.label(), message), false);
    }

    @Override
    public void line(String text) {
        write(new JournalEntry.Line(now(), text), false);
    }

    @Override
    public void warning(String text) {
        write(new JournalEntry.Warning(now(), text), false);
    }

    @Override
    public void statusChanged(RunStatus status, String reason) {
        write(new JournalEntry.Status(now(), status.name().toLowerCase(Locale.ROOT), reason), true);
    }

    /** The period with every worker's stats added up: the result's figures can be rebuilt from them. */
    @Override
    public void sample(PeriodSummary period, List<PeriodStats> workers) {
        write(new JournalEntry.Period(now(), period, totals(workers)), true);
    }

    static JournalEntry.PeriodTotals totals(List<PeriodStats> workers) {
        LatencyHistograms latencies = LatencyHistograms.empty();
        Counts counts = Counts.ZERO;
        Counts runTotals = Counts.ZERO;
        long duration = 0;
        List<List<ErrorCount>> errors = new java.util.ArrayList<>();
        for (PeriodStats w : workers) {
            latencies.add(w.latencies());
            counts = counts.plus(w.counts());
            runTotals = runTotals.plus(w.runTotals());
            duration = Math.max(duration, w.durationMicros());
            errors.add(w.errors());
        }
        return new JournalEntry.PeriodTotals(duration, counts, runTotals, latencies, ErrorTally.merge(errors));
    }

    @Override
    public void changeMade(String feature, String key, String description, Object undo) {
        synchronized (this) {
            openChanges.add(key);
        }
        write(new JournalEntry.Change(now(), feature, key, description, io.kbench.result.ResultJson.MAPPER.valueToTree(undo)), true);
    }

    @Override
    public void changeUndone(String key, String outcome) {
        synchronized (this) {
            openChanges.remove(key);
        }
        write(new JournalEntry.ChangeUndone(now(), key, outcome), true);
    }

    /** Changes to the cluster the run made and has not put back: the journal stays while there are any. */
    public synchronized boolean changesOpen() {
        return !openChanges.isEmpty();
    }

    /**
     * The run ended and its result is written: the journal goes, unless it is to be kept, or it still holds changes to
     * the cluster that were not put back ({@code bin/benchmark recover} puts them back from it).
     */
    public void finish(boolean keep) {
        boolean open = changesOpen();
        closeQuietly();
        if (!keep && !open) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                log.warn("Cannot remove the run journal {} ({}): remove it by hand", file, Errors.describeIo(e));
            }
        }
    }

    private synchronized void closeQuietly() {
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                log.debug("closing the journal: {}", e.toString());
            }
            out = null;
        }
    }

    @Override
    public void close() {
        closeQuietly();
    }
}
