package io.kbench.cli;

import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import io.kbench.driver.ClusterOperations;
import io.kbench.driver.DriverException;
import io.kbench.features.Feature;
import io.kbench.features.Features;
import io.kbench.result.ResultJson;
import io.kbench.util.Errors;
import io.kbench.worker.DriverLoader;
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
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/benchmark recover JOURNAL|DIR}: the result of a run whose coordinator was lost, from its journal. */
@Command(
        name = "recover",
        description = {
            "Writes the result of a run whose coordinator was lost (killed, evicted, its machine reclaimed) from the run journal "
                    + "it left beside where its result was to go: status failed, with the reason, every period measured until then, "
                    + "the measurement over them and the topics it left on the cluster.",
            "A run whose operations changed the cluster (configs, throttles, replicas) and did not put them back is put back "
                    + "first, newest change first, through the driver file the run used (--drivers, or the file its journal names).",
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

    @Option(names = "--drivers", paramLabel = "FILE",
            description = "The driver file of the run, to reach its cluster and put back what its operations changed (default: "
                    + "the driver file its journal names, as it was given).")
    Path drivers;

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
            boolean changesLeft = !putBack(j);
            RunResult result = JournalRecovery.toResult(j);
            Path target = ResultWriter.failedPlace(RunJournal.resultBeside(j.file()));
            try {
                Path written = ResultWriter.write(result, List.of(), new Redactor(List.of()), target, null);
                if (!changesLeft) {
                    Files.move(j.file(), j.file().resolveSibling(j.file().getFileName() + ".recovered"), StandardCopyOption.REPLACE_EXISTING);
                }
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

    /**
     * Puts back the changes to the cluster the journal holds and nothing says were put back, newest first; notes each
     * in the journal. Returns false when some could not be put back (the journal then stays, for another try).
     */
    private boolean putBack(Journal j) {
        List<JournalEntry.Change> open = j.openChanges();
        if (open.isEmpty()) {
            return true;
        }
        Path driverFile = drivers != null ? drivers : j.header().driver() == null ? null : Path.of(j.header().driver().file());
        out.println(String.format(Locale.ROOT, "Run %s changed the cluster and did not put %d change(s) back:", j.header().runId(), open.size()));
        if (driverFile == null || !Files.isRegularFile(driverFile)) {
            err.println("  cannot reach the cluster: the driver file " + driverFile + " is not there; give it with --drivers FILE");
            return false;
        }
        boolean all = true;
        try (DriverSession session = DriverSession.validate(driverFile, new DriverLoader(new PlaceholderResolver()), Redactor.process())) {
            if (session.startsCluster()) {
                out.println("  the cluster was one the run started (" + driverFile + "), gone with its coordinator: nothing to put back");
                open.forEach(c -> Journal.markUndone(j.file(), c.key(), "the run's own cluster is gone", System.currentTimeMillis()));
                return true;
            }
            ClusterOperations cluster = session.clusterOperations().orElseThrow(() -> new DriverException("the driver "
                    + session.name() + " has no admin interface to put the changes back"));
            for (int i = open.size() - 1; i >= 0; i--) {
                JournalEntry.Change c = open.get(i);
                try {
                    String done = undo(c, cluster);
                    Journal.markUndone(j.file(), c.key(), done, System.currentTimeMillis());
                    out.println("  " + done + " (" + c.description() + ")");
                } catch (RuntimeException e) {
                    all = false;
                    err.println("  could not put back " + c.description() + ": " + Errors.describeForUser(e));
                }
            }
        } catch (ConfigException | DriverException e) {
            err.println("  cannot reach the cluster through " + driverFile + ": " + Errors.describeForUser(e));
            return false;
        }
        if (!all) {
            err.println("  the journal stays: run bin/benchmark recover " + j.file() + " again once the cluster takes them");
        }
        return all;
    }

    private static String undo(JournalEntry.Change c, ClusterOperations cluster) {
        Feature feature = Features.all().stream().filter(f -> f.name().equals(c.feature())).findFirst()
                .orElseThrow(() -> new IllegalStateException("no feature " + c.feature() + " in this kbench reads this change"));
        Object undo;
        try {
            undo = ResultJson.MAPPER.treeToValue(c.undo(), feature.undoType());
        } catch (java.io.IOException e) {
            throw new IllegalStateException("the journal's change cannot be read (" + e.getMessage() + ")");
        }
        return feature.undo(undo, cluster);
    }
}
