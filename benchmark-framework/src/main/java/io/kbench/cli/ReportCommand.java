package io.kbench.cli;

import io.kbench.report.HtmlReport;
import io.kbench.report.ReportInputException;
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

/** {@code bin/benchmark report}: one self-contained HTML file of some results, compared against a baseline. */
@Command(
        name = "report",
        description = {
            "Writes one self-contained HTML report of result files: summaries, latency percentile curves (from the results' HdrHistograms), time series, per-worker breakdowns, the comparison of every run against a baseline, the settings that differ, and sweep charts.",
            "Scripts, styles and data are inlined: the file opens offline and loads nothing.",
            "Results of different workloads are grouped by workload. OpenMessaging Benchmark result files are accepted too."
        },
        footer = {
            "",
            "Exit status: 0 written; 1 the report could not be written; 2 bad input (a missing file, an empty directory, a file that is not a kbench or OMB result).",
            "Examples:",
            "  bin/benchmark report results/simple-kafka-local-20261123-014549.json",
            "  bin/benchmark report --baseline results/before.json results/after.json -o compare.html",
            "  bin/benchmark report results/record-size/    (a sweep's directory: its runs/ are found)"
        })
public final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RESULT.json|DIR", arity = "1..*",
            description = "Result files, run journals (*.journal.jsonl: a run whose coordinator was lost), or directories "
                    + "searched (with their subdirectories) for both.")
    List<Path> inputs;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.html",
            description = "The report to write (replaced if it exists). Default: next to a single result file (x.json -> x.html),"
                    + " report.html in a single directory given, else report.html here.")
    Path output;

    @Option(names = "--baseline", paramLabel = "RESULT.json",
            description = "The run every other run of its workload is compared against (default: the first of each workload).")
    Path baseline;

    private final PrintStream out;
    private final PrintStream err;

    public ReportCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        if (baseline != null && !Files.isRegularFile(baseline)) {
            err.println("--baseline " + baseline + ": no such file");
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
        Path target = output != null ? output : defaultOutput(inputs);
        try {
            HtmlReport.Written w = HtmlReport.write(inputs, baseline, target, "kbench " + Versions.tool());
            out.printf(Locale.ROOT, "Report written to %s (%d run%s, %,d KB, %d ms)%n", w.file(), w.runs(), w.runs() == 1 ? "" : "s",
                    (w.bytes() + 1023) / 1024, w.millis());
            return BenchmarkCommand.EXIT_OK;
        } catch (ReportInputException e) {
            err.println(e.getMessage());
            return BenchmarkCommand.EXIT_BAD_INPUT;
        } catch (IOException e) {
            err.println("could not write the report " + target + ": " + e.getMessage());
            return BenchmarkCommand.EXIT_RUN_FAILED;
        }
    }

    static Path defaultOutput(List<Path> inputs) {
        if (inputs.size() == 1) {
            Path only = inputs.get(0);
            if (Files.isDirectory(only)) {
                return only.resolve("report.html");
            }
            return RunReports.htmlNextTo(only);
        }
        return Path.of("report.html");
    }
}
