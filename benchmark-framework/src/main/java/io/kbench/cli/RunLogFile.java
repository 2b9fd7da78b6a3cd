package io.kbench.cli;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Names a run's log file after its result file ({@code x.json} → {@code x.log}, side by side, so
 * a result and the log that explains it travel together), never replacing an existing file.
 */
final class RunLogFile {

    private RunLogFile() {}

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
