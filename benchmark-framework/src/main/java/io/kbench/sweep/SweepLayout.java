package io.kbench.sweep;

import io.kbench.result.ResultJson;
import io.kbench.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Where a sweep's files go: {@code <output-dir>/<sweep-name>/runs/<combination>-r<k>.json} (and
 * {@code .log}, the run's log), and {@code table.md}, {@code table.csv} and {@code report.html} next to
 * {@code runs/}. Also decides, from those files, what
 * a rerun of an interrupted sweep still has to do.
 */
public final class SweepLayout {

    /** What to do about one combination × repeat. */
    public enum Decision {
        /** no result yet */
        RUN,
        /** a completed result exists: keep it */
        SKIP,
        /** a failed, interrupted or unreadable result exists: set it aside and run again */
        RUN_AGAIN
    }

    private final Path dir;

    public SweepLayout(Path outputDir, String sweepName) {
        this.dir = outputDir.resolve(slug(sweepName));
    }

    public Path dir() {
        return dir;
    }

    public Path runsDir() {
        return dir.resolve("runs");
    }

    public Path runFile(Combination c, int repeat) {
        return runsDir().resolve(c.runFileName(repeat));
    }

    public Path markdownTable() {
        return dir.resolve("table.md");
    }

    public Path csvTable() {
        return dir.resolve("table.csv");
    }

    /** The sweep's HTML report: every run's result, with charts of each metric against the swept parameters. */
    public Path htmlReport() {
        return dir.resolve("report.html");
    }

    /** The status written in a result file: completed, failed, interrupted; "unreadable" if it cannot be read; null if absent. */
    public static String status(Path resultFile) {
        if (!Files.isRegularFile(resultFile)) {
            return null;
        }
        RunResult result = read(resultFile);
        return result == null || result.outcome().status() == null ? "unreadable" : result.outcome().status().label();
    }

    /** A result file's result, or null if it cannot be read (e.g. cut short by a crash). */
    public static RunResult read(Path resultFile) {
        try {
            return ResultJson.read(ResultJson.MAPPER.readTree(resultFile.toFile()));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    public static Decision decide(Path resultFile) {
        String status = status(resultFile);
        if (status == null) {
            return Decision.RUN;
        }
        return "completed".equals(status) ? Decision.SKIP : Decision.RUN_AGAIN;
    }

    /**
     * Moves a result that is to be run again out of the way (result files are never replaced):
     * {@code x-r2.json} becomes {@code x-r2.failed.json} (or {@code x-r2.failed-2.json}, ...), and its
     * log {@code x-r2.log}, if any, {@code x-r2.failed.log} (...), so the new run's log takes its place.
     *
     * @return where the result went
     */
    public static Path setAside(Path resultFile) throws IOException {
        String status = status(resultFile);
        String name = resultFile.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        String tag = status == null ? "previous" : status.replaceAll("[^A-Za-z0-9]+", "-");
        Path log = resultFile.resolveSibling(stem + ".log");
        for (int n = 1; ; n++) {
            String aside = stem + "." + tag + (n == 1 ? "" : "-" + n);
            Path target = resultFile.resolveSibling(aside + ".json");
            Path logTarget = resultFile.resolveSibling(aside + ".log");
            if (!Files.exists(target) && !Files.exists(logTarget)) {
                Path moved = Files.move(resultFile, target);
                if (Files.exists(log)) {
                    Files.move(log, logTarget);
                }
                return moved;
            }
        }
    }

    static String slug(String text) {
        String s = text == null ? "" : text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "-").replaceAll("(^[-.]+|-+$)", "");
        return s.isEmpty() ? "sweep" : s;
    }
}
