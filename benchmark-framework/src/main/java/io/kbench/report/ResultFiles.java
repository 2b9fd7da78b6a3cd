package io.kbench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Turns the command line's files and directories into the result files to report on. */
public final class ResultFiles {

    /**
     * A sweep keeps earlier attempts of a rerun combination as {@code x-r1.failed.json},
     * {@code x-r1.interrupted-2.json}: they are skipped in directories (the rerun's {@code x-r1.json} counts).
     */
    private static final Pattern SET_ASIDE = Pattern.compile(".*\\.(failed|interrupted|unreadable|previous)(-\\d+)?\\.json");

    private ResultFiles() {}

    /**
     * @param inputs result files and directories; directories are searched (with their subdirectories,
     *     e.g. a sweep's {@code runs/}) for {@code *.json}
     * @return the files in the order given, each directory's sorted by path, without duplicates
     */
    public static List<Path> expand(List<Path> inputs) {
        if (inputs == null || inputs.isEmpty()) {
            throw new ReportInputException("give one or more result files or directories, e.g. bin/benchmark report results/");
        }
        Set<Path> files = new LinkedHashSet<>();
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                List<Path> found = resultsIn(input);
                if (found.isEmpty()) {
                    throw new ReportInputException(input + ": no result files (*.json) in this directory or below it");
                }
                found.forEach(f -> files.add(f.normalize()));
            } else if (Files.isRegularFile(input)) {
                files.add(input.normalize());
            } else {
                throw new ReportInputException(input + ": no such file or directory");
            }
        }
        return new ArrayList<>(files);
    }

    private static List<Path> resultsIn(Path dir) {
        try (Stream<Path> walk = Files.walk(dir, 4)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(".json"))
                    .filter(p -> !SET_ASIDE.matcher(p.getFileName().toString()).matches())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new ReportInputException(dir + ": cannot list it: " + e.getMessage(), e);
        }
    }
}
