package io.kbench.cli;

import io.kbench.coordinator.Console;
import io.kbench.journal.Journal;
import io.kbench.journal.JournalException;
import io.kbench.journal.JournalRecovery;
import io.kbench.journal.JournalEntry;
import io.kbench.journal.RunJournal;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Before a run: the journals that runs whose coordinator was lost left in the output directory. Each is
 * said, with how to recover it and the topics it left on the cluster; those topics are deleted by the
 * run when told (--delete-left-topics), or after asking on an interactive console.
 */
final class LeftJournals {

    /**
     * The topics to delete, and the journals that named them.
     *
     * @param topics to delete before the run, in order
     * @param journals the journals that left them
     */
    record Found(List<String> topics, List<Path> journals) {
        static final Found NONE = new Found(List.of(), List.of());
    }

    private LeftJournals() {}

    static Found check(Path outputDir, Console console, boolean delete) {
        if (outputDir == null) {
            return Found.NONE;
        }
        List<String> topics = new ArrayList<>();
        List<Path> journals = new ArrayList<>();
        for (Path file : Journal.in(outputDir)) {
            Journal j;
            try {
                j = Journal.read(file);
            } catch (JournalException e) {
                console.line("Note: a run journal was left here, and cannot be read: %s", e.getMessage());
                continue;
            }
            JournalEntry.Header h = j.header();
            console.line(String.format(Locale.ROOT, "Found the journal of an earlier run that did not end: %s (run %s, workload %s, its "
                    + "coordinator lost at %s; %d period(s) measured). bin/benchmark recover %s writes its result.", file, h.runId(),
                    h.workload() == null ? "?" : h.workload().name(), JournalRecovery.lostAt(j),
                    j.entries(JournalEntry.Period.class).size(), file));
            List<String> left = j.leftTopics();
            if (left.isEmpty()) {
                continue;
            }
            boolean yes = delete || ask(console, String.format(Locale.ROOT, "  It left %d topic(s) on the cluster: %s. Delete them "
                    + "before this run? [y/N] ", left.size(), String.join(", ", left)));
            if (yes) {
                topics.addAll(left);
                journals.add(file);
            } else {
                console.line("  It left %d topic(s) on the cluster: %s (--delete-left-topics deletes them before a run).",
                        left.size(), String.join(", ", left));
            }
        }
        return new Found(List.copyOf(topics), List.copyOf(journals));
    }

    /** Asks on an interactive console; without one (a script, a Job), the answer is no. */
    private static boolean ask(Console console, String question) {
        if (System.console() == null) {
            return false;
        }
        System.out.print(question);
        System.out.flush();
        try {
            String answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            return answer != null && answer.trim().toLowerCase(Locale.ROOT).startsWith("y");
        } catch (IOException e) {
            return false;
        }
    }

    /** Notes in each journal that this run deleted its topics, so that it names them no more. */
    static void markDeleted(Found found, String runId, long nowEpochMillis, Console console) {
        for (Path file : found.journals()) {
            try {
                Journal.markDeleted(file, Journal.read(file).leftTopics(), runId, nowEpochMillis);
            } catch (JournalException e) {
                console.line("WARNING: %s", e.getMessage());
            }
        }
    }

    static boolean isJournal(Path p) {
        return RunJournal.isJournal(p);
    }
}
