package io.kbench.cli;

import io.kbench.journal.Journal;
import io.kbench.journal.JournalEntry;
import io.kbench.journal.JournalException;
import io.kbench.journal.JournalRecovery;
import io.kbench.journal.RunJournal;
import io.kbench.result.ResultWriter;
import io.kbench.result.RunResult;
import io.kbench.secret.Redactor;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code bin/benchmark recover JOURNAL|DIR}: the result of a run whose coordinator was lost, from its journal. */
@Command(
        name = "recover",
        description = {
            "Writes the result of a run whose coordinator was lost (killed, evicted, its machine reclaimed) from the run journal "
                    + "it left beside where its result was to go: status failed, with the reason, every period measured until then, "
                    + "the measurement over them and the topics it left on the cluster.",
            "The result goes where a failed run's does (failed/failed-<name>.json beside the journal); the journal is then renamed "
                    + "<name>.journal.jsonl.recovered. bin/benchmark report reads journals too, without recovering them."
        },
        footer = {
            "",
            "Exit status: 0 every journal given was recovered; 2 no journal, or one that cannot be read (nothing was written).",
            "",
            "Examples:",
            "  bin/benchmark recover results/",
            "  bin/benchmark recover results/simple-kafka-local-20261127-101500.journal.jsonl"
        })
final class RecoverCommand implements Callable<Integer> {

    @Parameters(paramLabel = "JOURNAL|DIR", arity = "1..*",
            description = "Run journals (*.journal.jsonl), or directories holding them.")
    List<Path> inputs;

    private final PrintStream out;
    private final PrintStream err;

    RecoverCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        List<Path> journals = new ArrayList<>();
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                List<Path> found = Journal.in(input);
                if (found.isEmpty()) {
                    err.println(input + ": no run journal (*" + RunJournal.SUFFIX + ") here: every run in it ended and wrote its result");
                    return BenchmarkCommand.EXIT_BAD_INPUT;
                }
                journals.addAll(found);
            } else if (Files.isRegularFile(input)) {
                journals.add(input);
            } else {
                err.println(input + ": no such file or directory");
                return BenchmarkCommand.EXIT_BAD_INPUT;
            }
        }
        List<Journal> read = new ArrayList<>();
        for (Path j : journals) {
            try {
                read.add(Journal.read(j));
            } catch (JournalException e) {
                err.println(e.getMessage());
                return BenchmarkCommand.EXIT_BAD_INPUT;
            }
        }
        for (Journal j : read) {
            RunResult result = JournalRecovery.toResult(j);
            Path target = ResultWriter.failedPlace(RunJournal.resultBeside(j.file()));
            try {
                Path written = ResultWriter.write(result, List.of(), new Redactor(List.of()), target, null);
                Files.move(j.file(), j.file().resolveSibling(j.file().getFileName() + ".recovered"), StandardCopyOption.REPLACE_EXISTING);
                out.println(String.format(Locale.ROOT, "Recovered run %s from %s: %d period(s), coordinator lost at %s%s.",
                        j.header().runId(), j.file(), j.entries(JournalEntry.Period.class).size(), JournalRecovery.lostAt(j),
                        j.cut() == null ? "" : " (" + j.cut() + ")"));
                if (!j.leftTopics().isEmpty()) {
                    out.println("  Topics left on the cluster: " + String.join(", ", j.leftTopics())
                            + " (delete them, or run again in this directory with --delete-left-topics)");
                }
                out.println("  Result written to " + written + " (status failed: " + result.outcome().failureReason() + ")");
            } catch (IOException e) {
                err.println("could not write the result of " + j.file() + ": " + e.getMessage());
                return BenchmarkCommand.EXIT_RUN_FAILED;
            }
        }
        return BenchmarkCommand.EXIT_OK;
    }
}
