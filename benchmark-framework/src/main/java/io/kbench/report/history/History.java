package io.kbench.report.history;

import io.kbench.model.RunStatus;
import io.kbench.report.ReportInputException;
import io.kbench.report.ResultFile;
import io.kbench.report.ResultFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A history of runs, from result files found in directories: grouped by test (the normalised workload's hash and the
 * driver's name, so that a change to the driver file's settings shows between neighbours), each group ordered by start
 * time. Runs that failed or were interrupted are left out (their figures cover part of the run), and so are
 * OpenMessaging Benchmark results (they have no hashes to group by).
 *
 * @param groups the tests, each with its runs oldest first; the tests in the order their first run started
 * @param skipped files left out, each with why
 */
public record History(List<Group> groups, List<String> skipped) {

    /**
     * The runs of one test.
     *
     * @param workloadHash the normalised workload's hash
     * @param driver the driver's name (the driver file's {@code name})
     * @param runs oldest first
     */
    record Group(String workloadHash, String driver, List<HistoryRun> runs) {
        String title() {
            return "Workload " + runs.get(0).result().identity().workload().name() + " on " + driver + " (workload hash "
                    + workloadHash + ")";
        }
    }

    /**
     * @param inputs directories (searched with their subdirectories) and result files
     * @throws ReportInputException for a missing input, a directory without results, a file that is not a result, or
     *     no run that can be drawn
     */
    public static History of(List<Path> inputs) {
        List<String> skipped = new ArrayList<>();
        List<HistoryRun> runs = new ArrayList<>();
        for (Path f : ResultFiles.expand(inputs)) {
            ResultFile r = ResultFile.read(f);
            if (r.kbench() == null) {
                skipped.add(f + ": an OpenMessaging Benchmark result (no hashes to group it by)");
                continue;
            }
            RunStatus status = r.kbench().outcome().status();
            if (status == RunStatus.FAILED || status == RunStatus.INTERRUPTED || r.kbench().measurement() == null) {
                skipped.add(f + ": a " + status.label() + " run (its figures cover part of it)");
                continue;
            }
            runs.add(HistoryRun.of(f, r.kbench()));
        }
        if (runs.isEmpty()) {
            throw new ReportInputException("no run to draw in " + inputs + ": " + (skipped.isEmpty() ? "no results"
                    : String.join("; ", skipped)));
        }
        runs.sort(Comparator.comparing(HistoryRun::start).thenComparing(r -> r.file().toString()));
        Map<List<String>, List<HistoryRun>> byTest = new LinkedHashMap<>();
        runs.forEach(r -> byTest.computeIfAbsent(List.of(r.workloadHash(), r.result().identity().driverInfo().name()),
                k -> new ArrayList<>()).add(r));
        List<Group> groups = new ArrayList<>();
        byTest.forEach((key, list) -> groups.add(new Group(key.get(0), key.get(1), List.copyOf(list))));
        return new History(groups, skipped);
    }

    /** How many runs in all. */
    public int runs() {
        return groups.stream().mapToInt(g -> g.runs().size()).sum();
    }
}
