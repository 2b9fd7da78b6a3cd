package io.kbench.journal;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kbench.result.ResultJson;
import java.nio.file.Path;

/**
 * A run journal: what a coordinator has measured so far, appended beside the result it will write,
 * so that a coordinator that dies (killed, evicted, its machine reclaimed) leaves its measured
 * periods behind. Removed once the result is written. docs/run-journal.md has the format.
 */
public final class RunJournal {

    /** The format's version: bumped on any change a reader of an older version cannot skip. */
    public static final int VERSION = 1;

    /** A journal's file name ends so: {@code simple-kafka-local-20261127-101500.journal.jsonl}. */
    public static final String SUFFIX = ".journal.jsonl";

    /** One entry per line: the result's own JSON mapping, without indentation. */
    static final ObjectWriter LINE = ResultJson.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    /** Reads one entry, of the kind its {@code type} names. */
    static final ObjectReader READ = ResultJson.MAPPER.readerFor(JournalEntry.class);

    private RunJournal() {}

    /** The journal of the run whose result goes to {@code resultFile} ({@code x.json}: {@code x.journal.jsonl}). */
    public static Path beside(Path resultFile) {
        String name = resultFile.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return resultFile.resolveSibling(stem + SUFFIX);
    }

    /** The result file a journal stands beside ({@code x.journal.jsonl}: {@code x.json}). */
    public static Path resultBeside(Path journal) {
        String name = journal.getFileName().toString();
        String stem = name.endsWith(SUFFIX) ? name.substring(0, name.length() - SUFFIX.length()) : name;
        return journal.resolveSibling(stem + ".json");
    }

    /** This kbench's version, as journals record it. */
    public static String kbenchVersion() {
        String v = RunJournal.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /**
     * The journal's size in words, and per hour of a run of {@code runMillis}: a long run's journal holds at most
     * {@code PeriodBudget.MAX_SAMPLED_PERIODS} periods, so this rate falls once a run is long enough to get longer periods.
     */
    public static String sizeLine(Path journal, long runMillis) {
        long bytes;
        try {
            bytes = java.nio.file.Files.size(journal);
        } catch (java.io.IOException e) {
            return "Run journal kept: " + journal;
        }
        String size = io.kbench.model.Units.size(bytes);
        return runMillis < 60_000 ? String.format(java.util.Locale.ROOT, "Run journal kept: %s (%s)", journal, size)
                : String.format(java.util.Locale.ROOT, "Run journal kept: %s (%s over %s: %s per hour)", journal, size,
                        runMillis < 3_600_000 ? String.format(java.util.Locale.ROOT, "%.1f min", runMillis / 60_000.0)
                                : String.format(java.util.Locale.ROOT, "%.1f h", runMillis / 3.6e6),
                        io.kbench.model.Units.size(Math.round(bytes * 3.6e6 / runMillis)));
    }

    /** Whether this file is named like a journal. */
    public static boolean isJournal(Path file) {
        return file.getFileName().toString().endsWith(SUFFIX);
    }
}
