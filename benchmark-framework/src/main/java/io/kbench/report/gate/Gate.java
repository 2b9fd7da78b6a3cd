package io.kbench.report.gate;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.model.RunStatus;
import io.kbench.provenance.Fingerprint;
import io.kbench.provenance.Provenance;
import io.kbench.report.ReportInputException;
import io.kbench.report.ResultFile;
import io.kbench.report.ResultFiles;
import io.kbench.report.RunFacts;
import io.kbench.result.ResultJson;
import io.kbench.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The regression gate: judges each figure of candidate runs against baseline runs of the same workload as improved,
 * regressed or within noise, with the change and its interval ({@link Bootstrap}), and fails when a figure named
 * in {@code --fail-on} regressed past its threshold.
 */
public final class Gate {

    /**
     * How to judge.
     *
     * @param confidence the intervals' confidence (0.5 to 0.999)
     * @param resamples the bootstrap's resamples
     * @param seed its seed
     * @param minEffectPercent the smallest change called improved or regressed (smaller ones are within noise)
     * @param force compare runs of different workloads anyway
     */
    public record Settings(double confidence, int resamples, long seed, double minEffectPercent, boolean force) {
        public static final Settings DEFAULTS = new Settings(0.95, 2_000, 1, 1.0, false);
    }

    /** How far apart the sides' hosts' busy shares may be before the verdict warns that the machine may explain it. */
    static final double HOST_BUSY_GAP = 0.25;

    /** One side's runs. */
    record Side(List<Path> files, List<RunResult> runs) {}

    private Gate() {}

    /**
     * @param baselineInputs the baseline's result files and directories
     * @param candidateInputs the candidate's
     * @param failOn the {@code --fail-on} text, or null
     * @throws ReportInputException for input the gate cannot judge: a missing or empty input, a file that is not a
     *     kbench result, a failed run, runs of different workloads (without --force), a threshold that does not
     *     parse or names a figure the runs lack or cannot judge
     */
    public static GateVerdict judge(List<Path> baselineInputs, List<Path> candidateInputs, String failOn, Settings settings) {
        List<Threshold> thresholds = Threshold.parse(failOn);
        if (candidateInputs == null || candidateInputs.isEmpty()) {
            throw new ReportInputException("no results to judge against the baseline: give the candidate's result files or directories "
                    + "after the options, e.g. compare --baseline main.json pr.json");
        }
        List<String> warnings = new ArrayList<>();
        Side baseline = read(baselineInputs, "--baseline", warnings);
        Side candidate = read(candidateInputs, "the candidate", warnings);
        Set<Path> both = new LinkedHashSet<>(baseline.files());
        both.retainAll(candidate.files());
        if (!both.isEmpty()) {
            throw new ReportInputException(both.iterator().next() + " is given as both baseline and candidate: give each run to one side");
        }
        String hash = sameWorkload(baseline, candidate, settings.force(), warnings);
        for (Side side : List.of(baseline, candidate)) {
            for (int i = 0; i < side.runs().size(); i++) {
                if (side.runs().get(i).outcome().status() == RunStatus.DEGRADED) {
                    warnings.add(side.files().get(i) + " is degraded (" + side.runs().get(i).outcome().failureReason() + ")");
                }
            }
        }
        hostWarning(baseline, candidate).ifPresent(warnings::add);
        Bootstrap bootstrap = new Bootstrap(settings.resamples(), settings.seed());
        List<FigureJudgement> figures = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (GateFigure f : GateFigure.values()) {
            List<GateFigure.Samples> a = baseline.runs().stream().map(f::samples).toList();
            List<GateFigure.Samples> b = candidate.runs().stream().map(f::samples).toList();
            Threshold threshold = thresholds.stream().filter(t -> t.figure() == f).findFirst().orElse(null);
            boolean none = a.stream().allMatch(s -> s.size() == 0) && b.stream().allMatch(s -> s.size() == 0);
            if (none) {
                if (threshold != null) {
                    throw new ReportInputException("--fail-on " + threshold.describe() + ": the runs have no " + f.label() + " ("
                            + f.meaning() + ")" + (f.label().startsWith("e2e") || f == GateFigure.CONSUME_THROUGHPUT
                            ? ": the workload has no consumers" : ""));
                }
                continue;
            }
            Bootstrap.Change c = bootstrap.change(a, b, settings.confidence());
            if (c.notJudged() != null && threshold != null) {
                throw new ReportInputException("--fail-on " + threshold.describe() + ": " + f.label() + " cannot be judged: " + c.notJudged());
            }
            FigureJudgement j = judgement(f, c, threshold, settings.minEffectPercent());
            figures.add(j);
            if (j.failed()) {
                failures.add(String.format(Locale.ROOT, "%s regressed by %s [%s, %s], past its threshold %s even at the interval's "
                        + "near end", f.label(), percent(j.effectPercent()), percent(j.lowPercent()), percent(j.highPercent()),
                        threshold.comparison()));
            }
        }
        String summary = !failures.isEmpty() ? "failed: " + String.join("; ", failures)
                : thresholds.isEmpty() ? "passed: no --fail-on thresholds, so nothing can fail (the verdicts are for reading)"
                : "passed: no figure regressed past its threshold (" + String.join(", ", thresholds.stream().map(Threshold::describe).toList())
                + ")";
        return new GateVerdict(failures.isEmpty() ? "passed" : "failed", failures.isEmpty() ? 0 : 1, summary, hash,
                baseline.files().stream().map(Path::toString).toList(), candidate.files().stream().map(Path::toString).toList(),
                method(baseline, candidate, settings), settings.confidence(), settings.resamples(), settings.seed(),
                settings.minEffectPercent(), thresholds.stream().map(Threshold::describe).toList(), figures,
                differences(baseline, candidate), warnings);
    }

    private static FigureJudgement judgement(GateFigure f, Bootstrap.Change c, Threshold threshold, double minEffect) {
        String verdict;
        if (c.notJudged() != null) {
            verdict = FigureJudgement.NOT_JUDGED;
        } else {
            boolean up = c.lowPercent() > 0 && c.effectPercent() >= minEffect;
            boolean down = c.highPercent() < 0 && c.effectPercent() <= -minEffect;
            verdict = !up && !down ? FigureJudgement.WITHIN_NOISE
                    : up == f.higherIsBetter() ? FigureJudgement.IMPROVED : FigureJudgement.REGRESSED;
        }
        // Confidently past: even the interval's near end (the smallest regression it allows) is past the threshold.
        double nearEnd = f.higherIsBetter() ? c.highPercent() : c.lowPercent();
        boolean failed = threshold != null && verdict.equals(FigureJudgement.REGRESSED) && threshold.passedBy(nearEnd);
        return new FigureJudgement(f.label(), f.unit(), c.baseline(), c.candidate(), c.effectPercent(),
                Double.isNaN(c.lowPercent()) ? null : c.lowPercent(), Double.isNaN(c.highPercent()) ? null : c.highPercent(), verdict,
                c.noise(), c.notJudged(), threshold == null ? null : threshold.comparison(), failed);
    }

    /**
     * A side's runs: every file given, and every result found in the directories given. A failed or interrupted run
     * given as a file is refused (its figures cover part of it); one found in a directory (its failed/ subdirectory) is
     * left out, with a warning.
     */
    private static Side read(List<Path> inputs, String what, List<String> warnings) {
        if (inputs == null || inputs.isEmpty()) {
            ResultFiles.expand(inputs); // refuses, saying what to give
        }
        List<Path> files = new ArrayList<>();
        List<RunResult> runs = new ArrayList<>();
        for (Path input : inputs) {
            boolean directory = Files.isDirectory(input);
            for (Path f : ResultFiles.expand(List.of(input))) {
                if (files.contains(f)) {
                    continue;
                }
                ResultFile r = ResultFile.read(f);
                if (r.kbench() == null) {
                    throw new ReportInputException(f + " is an OpenMessaging Benchmark result: the gate needs kbench results (their "
                            + "measured periods and provenance)");
                }
                RunStatus status = r.kbench().outcome().status();
                if (status == RunStatus.FAILED || status == RunStatus.INTERRUPTED || r.kbench().measurement() == null) {
                    if (directory) {
                        warnings.add(f + " (" + what + ") is a " + status.label() + " run: left out");
                        continue;
                    }
                    throw new ReportInputException(f + " (" + what + ") is a " + status.label() + " run: its figures cover part of "
                            + "it (" + r.kbench().outcome().failureReason() + "); leave it out");
                }
                files.add(f);
                runs.add(r.kbench());
            }
        }
        if (runs.isEmpty()) {
            throw new ReportInputException(what + " " + inputs + " holds no completed run");
        }
        return new Side(files, runs);
    }

    /** The share of the workers' hosts' CPU that was busy (all processes), averaged over a side's runs; NaN when not measured. */
    static double hostBusy(Side side) {
        return side.runs().stream().map(r -> r.section(Provenance.class)).filter(Objects::nonNull)
                .flatMap(p -> p.clients().stream()).filter(c -> c.hostCpu() != null).mapToDouble(c -> c.hostCpu().busyShare())
                .average().orElse(Double.NaN);
    }

    /**
     * A warning when the sides' hosts were not equally busy ({@value #HOST_BUSY_GAP} of their CPU apart or more, by all processes):
     * a difference the gate sees may then be the machine's, not the code's.
     */
    static Optional<String> hostWarning(Side baseline, Side candidate) {
        double a = hostBusy(baseline);
        double b = hostBusy(candidate);
        if (Double.isNaN(a) || Double.isNaN(b) || Math.abs(a - b) < HOST_BUSY_GAP) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the workers' hosts were not equally busy: %.0f%% of their CPU during the "
                + "baseline, %.0f%% during the candidate, by all processes (the run's own clients and brokers included): unless the "
                + "run itself made the difference, it may be the machine's, not the code's; rerun on a quieter host, or give repeats",
                100 * a, 100 * b));
    }

    /** The workload hash every run shares; refuses runs of different workloads unless forced (then warns). */
    private static String sameWorkload(Side baseline, Side candidate, boolean force, List<String> warnings) {
        Map<String, Path> byHash = new LinkedHashMap<>();
        Map<String, RunResult> example = new LinkedHashMap<>();
        for (Side side : List.of(baseline, candidate)) {
            for (int i = 0; i < side.runs().size(); i++) {
                String h = workloadHash(side.runs().get(i));
                byHash.putIfAbsent(h, side.files().get(i));
                example.putIfAbsent(h, side.runs().get(i));
            }
        }
        String first = byHash.keySet().iterator().next();
        if (byHash.size() == 1) {
            return first;
        }
        List<String> hashes = new ArrayList<>();
        byHash.forEach((h, f) -> hashes.add(h + " (" + f + ")"));
        List<String> fields = new ArrayList<>();
        List<RunResult> examples = new ArrayList<>(example.values());
        for (int i = 1; i < examples.size(); i++) {
            fields.addAll(workloadDifferences(examples.get(0), examples.get(i)));
        }
        String message = "the results are of different workloads: workload hashes " + String.join(", ", hashes)
                + "; fields that differ: " + String.join(", ", new LinkedHashSet<>(fields));
        if (!force) {
            throw new ReportInputException(message + ". Compare runs of one workload, or give --force to compare them anyway");
        }
        warnings.add(message + " (compared anyway: --force)");
        return first;
    }

    static String workloadHash(RunResult r) {
        Provenance p = r.section(Provenance.class);
        return p != null && p.workloadHash() != null ? p.workloadHash() : Fingerprint.workload(r.identity().workload());
    }

    /** "messageSize (1024 vs 100)", one per top-level workload field that differs (the name aside). */
    private static List<String> workloadDifferences(RunResult a, RunResult b) {
        JsonNode x = ResultJson.MAPPER.valueToTree(a.identity().workload());
        JsonNode y = ResultJson.MAPPER.valueToTree(b.identity().workload());
        Set<String> names = new TreeSet<>();
        x.fieldNames().forEachRemaining(names::add);
        y.fieldNames().forEachRemaining(names::add);
        List<String> out = new ArrayList<>();
        for (String n : names) {
            if (n.equals("name")) {
                continue;
            }
            JsonNode u = x.get(n);
            JsonNode v = y.get(n);
            if (!Objects.equals(u == null || u.isNull() ? null : u, v == null || v.isNull() ? null : v)) {
                out.add(n + " (" + text(u) + " vs " + text(v) + ")");
            }
        }
        return out;
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? "absent" : n.isValueNode() ? n.asText() : n.toString();
    }

    /** Name → {the baseline's values, the candidate's values} for each provenance fact whose values differ between the sides. */
    private static Map<String, List<String>> differences(Side baseline, Side candidate) {
        List<Map<String, String>> a = facts(baseline);
        List<Map<String, String>> b = facts(candidate);
        Set<String> names = new TreeSet<>();
        a.forEach(m -> names.addAll(m.keySet()));
        b.forEach(m -> names.addAll(m.keySet()));
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String n : names) {
            String left = values(a, n);
            String right = values(b, n);
            if (!left.equals(right)) {
                out.put(n, List.of(left, right));
            }
        }
        return out;
    }

    private static List<Map<String, String>> facts(Side side) {
        return side.runs().stream().map(RunFacts::of).toList();
    }

    private static String values(List<Map<String, String>> facts, String name) {
        Set<String> v = new LinkedHashSet<>();
        facts.forEach(m -> v.add(m.getOrDefault(name, "—")));
        return String.join(" / ", v);
    }

    private static String method(Side baseline, Side candidate, Settings s) {
        String noise = baseline.runs().size() >= 2 && candidate.runs().size() >= 2
                ? "the spread between each side's repeated runs and within them (runs and, in each, blocks of its measured periods, "
                + "drawn again)" : "the spread between the measured periods of each side's run (blocks of consecutive periods drawn "
                + "again); the spread between whole runs is not seen with one run a side";
        return String.format(Locale.ROOT, "seeded hierarchical bootstrap of candidate / baseline − 1 over %,d resamples (seed %d), "
                + "%.0f%% percentile intervals: noise from %s. A figure is improved or regressed when its whole interval lies on one "
                + "side of no change and the change is at least %.1f%%", s.resamples(), s.seed(), 100 * s.confidence(), noise,
                s.minEffectPercent());
    }

    static String percent(Double p) {
        return p == null || p.isNaN() ? "—" : String.format(Locale.ROOT, "%+.1f%%", p);
    }
}
