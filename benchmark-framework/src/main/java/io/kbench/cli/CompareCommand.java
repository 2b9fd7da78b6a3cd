package io.kbench.cli;

import io.kbench.report.ReportInputException;
import io.kbench.report.gate.Gate;
import io.kbench.report.gate.GateConsole;
import io.kbench.report.gate.GatePage;
import io.kbench.report.gate.GateVerdict;
import io.kbench.result.ResultJson;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/benchmark compare}: the regression gate, candidate runs against baseline runs of the same workload. */
@Command(
        name = "compare",
        description = {
            "The regression gate: judges each figure of candidate runs against baseline runs of the same workload as improved, regressed or within noise, with the change and its interval, and fails when a figure in --fail-on regressed past its threshold.",
            "Noise comes from the runs: with repeats (several runs a side), the spread between and within them; with one run a side, the spread between its measured periods (a seeded bootstrap, docs/guide/compare.md). Use at least 5 measured periods per run (--sample-interval) or repeats.",
            "Writes the verdict as JSON (--json) and HTML (-o), and prints it."
        },
        footer = {
            "",
            "Figures: throughput, consume.throughput (msg/s); publish.p50, publish.p99, publish.p99.9, send.p50, send.p99, e2e.p50, e2e.p99, e2e.p99.9 (ms); cpu.per.message (µs, repeats only).",
            "Exit status: 0 passed (no figure regressed past its threshold); 1 failed (one did); 2 bad input (a missing file or empty directory, a file that is not a kbench result, a failed run, results of different workloads without --force, a threshold that does not parse or names a figure the runs lack or cannot judge).",
            "Examples:",
            "  bin/benchmark compare --baseline main.json pr.json --fail-on 'publish.p99>+10%,throughput<-5%'",
            "  bin/benchmark compare --baseline m1.json,m2.json,m3.json p1.json p2.json p3.json --fail-on 'e2e.p99>+20%'",
            "  bin/benchmark compare --baseline results/main/ results/pr/ --json verdict.json -o verdict.html"
        })
public final class CompareCommand implements Callable<Integer> {

    @Option(names = "--baseline", paramLabel = "RESULT.json|DIR", required = true, split = ",",
            description = "The baseline's result files or directories: one, several separated by commas, or the option repeated. "
                    + "Several runs make repeats.")
    List<Path> baseline;

    @Parameters(paramLabel = "RESULT.json|DIR", arity = "0..*",
            description = "The candidate's result files or directories (several runs make repeats).")
    List<Path> candidate;

    @Option(names = "--fail-on", paramLabel = "THRESHOLDS",
            description = "Fail (exit 1) when one of these figures regressed past its threshold, e.g. 'publish.p99>+10%,throughput<-5%': "
                    + "'>+N%' for a rise of latency or CPU, '<-N%' for a fall of throughput. Default: none (the verdicts are for reading).")
    String failOn;

    @Option(names = "--force", description = "Compare results of different workloads anyway (refused by default, naming their hashes and the fields that differ).")
    boolean force;

    @Option(names = "--confidence", paramLabel = "LEVEL", defaultValue = "0.95",
            description = "The intervals' confidence, 0.5 to 0.999. Default: ${DEFAULT-VALUE}.")
    double confidence;

    @Option(names = "--resamples", paramLabel = "N", defaultValue = "2000",
            description = "The bootstrap's resamples, 200 to 1,000,000. Default: ${DEFAULT-VALUE}.")
    int resamples;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "The bootstrap's random seed: the same results and seed give the same verdict. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--min-effect", paramLabel = "PERCENT", defaultValue = "1",
            description = "The smallest change called improved or regressed, in percent; smaller ones are within noise. Default: ${DEFAULT-VALUE}.")
    double minEffect;

    @Option(names = "--json", paramLabel = "FILE.json", defaultValue = "compare.json",
            description = "The machine-readable verdict to write (replaced if it exists). Default: ${DEFAULT-VALUE}.")
    Path json;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.html", defaultValue = "compare.html",
            description = "The HTML verdict to write (replaced if it exists). Default: ${DEFAULT-VALUE}.")
    Path html;

    private final PrintStream out;
    private final PrintStream err;

    public CompareCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        if (!(confidence >= 0.5 && confidence <= 0.999)) {
            err.println("--confidence " + confidence + " is out of range: from 0.5 to 0.999 (e.g. 0.95)");
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
        if (resamples < 200 || resamples > 1_000_000) {
            err.println("--resamples " + resamples + " is out of range: from 200 to 1,000,000");
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
        if (!(minEffect >= 0 && minEffect <= 100)) {
            err.println("--min-effect " + minEffect + " is out of range: from 0 to 100 (percent)");
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
        GateVerdict verdict;
        try {
            verdict = Gate.judge(baseline, candidate, failOn, new Gate.Settings(confidence, resamples, seed, minEffect, force));
        } catch (ReportInputException e) {
            err.println("compare: " + e.getMessage());
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
        GateConsole.lines(verdict).forEach(out::println);
        try {
            Path parent = json.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(json, ResultJson.MAPPER.writeValueAsString(verdict));
            GatePage.write(verdict, html, "kbench " + Versions.tool());
            out.println("Verdict written to " + json + " and " + html);
        } catch (IOException e) {
            err.println("compare: could not write the verdict (" + json + ", " + html + "): " + e.getMessage());
            return BenchmarkCommand.EXIT_RUN_FAILED;
        }
        return verdict.exitCode();
    }
}
