package io.kbench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import io.kbench.journal.RunJournal;
import io.kbench.result.ResultWriter;
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
     * @param inputs result files, run journals and directories; directories are searched (with their subdirectories,
     *     e.g. a sweep's {@code runs/}) for {@code *.json} and {@code *.journal.jsonl}
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
                    throw new ReportInputException(input + ": no result files (*.json) or run journals (*" + RunJournal.SUFFIX
                            + ") in this directory or below it");
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

    /** A journal kept after its run wrote its result (--keep-journal), or recovered: the result stands for the run. */
    private static boolean hasResult(Path journal) {
        Path planned = RunJournal.resultBeside(journal);
        return Files.exists(planned) || Files.exists(ResultWriter.failedPlace(planned));
    }

    private static List<Path> resultsIn(Path dir) {
        try (Stream<Path> walk = Files.walk(dir, 4)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(".json") || (RunJournal.isJournal(p) && !hasResult(p)))
                    .filter(p -> !SET_ASIDE.matcher(p.getFileName().toString()).matches())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new ReportInputException(dir + ": cannot list it: " + e.getMessage(), e);
        }
    }
}
