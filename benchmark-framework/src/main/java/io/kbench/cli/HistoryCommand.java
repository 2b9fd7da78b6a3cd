package io.kbench.cli;

import io.kbench.report.ReportInputException;
import io.kbench.report.history.History;
import io.kbench.report.history.HistoryPage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/benchmark history}: the trends of the runs a results directory holds, one test at a time. */
@Command(
        name = "history",
        description = {
            "Writes one self-contained HTML page of the runs found in results directories: grouped by test (the normalised workload's hash and the driver's name), ordered by time, with the trend of each headline figure (throughput; publish and end-to-end latency p50, p99, p99.9; client CPU per message) and each run's spread, and what changed between neighbouring runs (versions, configs, cluster shape, client machines).",
            "The results directory is the store: keep it in git or on a bucket; no server is needed. Failed and interrupted runs are left out."
        },
        footer = {
            "",
            "Exit status: 0 written; 1 the page could not be written; 2 bad input (a missing directory, a directory without results, a file that is not a result, no run that can be drawn).",
            "Examples:",
            "  bin/benchmark history results/",
            "  bin/benchmark history nightly/ -o nightly/history.html"
        })
public final class HistoryCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR|RESULT.json", arity = "1..*",
            description = "Directories searched (with their subdirectories) for *.json result files, or result files.")
    List<Path> inputs;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.html",
            description = "The page to write (replaced if it exists). Default: history.html in the one directory given, else here.")
    Path output;

    private final PrintStream out;
    private final PrintStream err;

    public HistoryCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        Path target = output != null ? output
                : inputs.size() == 1 && Files.isDirectory(inputs.get(0)) ? inputs.get(0).resolve("history.html") : Path.of("history.html");
        History history;
        try {
            history = History.of(inputs);
        } catch (ReportInputException e) {
            err.println("history: " + e.getMessage());
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
        try {
            long bytes = HistoryPage.write(history, inputs.stream().map(Path::toString).toList(), target, "kbench " + Versions.tool());
            out.printf(Locale.ROOT, "History written to %s (%d run(s) of %d test(s)%s, %,d KB)%n", target, history.runs(),
                    history.groups().size(), history.skipped().isEmpty() ? "" : ", " + history.skipped().size() + " file(s) left out",
                    (bytes + 1023) / 1024);
            return BenchmarkCommand.EXIT_OK;
        } catch (IOException e) {
            err.println("history: could not write " + target + ": " + e.getMessage());
            return BenchmarkCommand.EXIT_RUN_FAILED;
        }
    }
}
