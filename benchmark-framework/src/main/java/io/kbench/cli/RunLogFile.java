package io.kbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Names a run's log file after its result file ({@code x.json} → {@code x.log}, side by side, so
 * a result and the log that explains it travel together), never replacing an existing file.
 */
final class RunLogFile {

    private RunLogFile() {}

    /**
     * Moves a run's log next to where its result went (a failed run's result goes to failed/), named
     * after it; on failure the log stays where it is, and the reason is printed.
     *
     * @return where the log is now
     */
    static Path follow(Path logFile, Path resultFile, PrintStream err) {
        try {
            Path moved = create(resultFile);
            return Files.move(logFile, moved, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            err.println("could not move the log " + logFile + " next to " + resultFile + ": " + e.getMessage());
            return logFile;
        }
    }

    /** Creates the log file for {@code resultFile}, empty: {@code x.log}, or {@code x-1.log}, ... if taken. */
    static Path create(Path resultFile) throws IOException {
        String name = resultFile.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        Path parent = resultFile.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        for (int n = 0; ; n++) {
            Path candidate = resultFile.resolveSibling(stem + (n == 0 ? "" : "-" + n) + ".log");
            try {
                return Files.createFile(candidate);
            } catch (FileAlreadyExistsException e) {
                // a log of an earlier run: keep it, try the next number
            }
        }
    }
}
