package io.kbench.logging;

import io.kbench.warning.WarningSummary;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The console's listener of {@link ClientWarnings#onFirstOccurrence}: the first warning of each
 * kind becomes one line, naming the log file that holds them all; repeats are only counted.
 */
public final class FirstWarningLine implements Consumer<WarningSummary> {

    private final Consumer<String> console;
    private volatile Path logFile;

    /** @param console prints one line */
    public FirstWarningLine(Consumer<String> console) {
        this.console = console;
    }

    /** The log file the warnings go to now, or null if none. */
    public void logFile(Path file) {
        this.logFile = file;
    }

    @Override
    public void accept(WarningSummary first) {
        console.accept(text(first, logFile));
    }

    /** E.g. "warning: broker 127.0.0.1:39447 unreachable; repeats are counted, all of them in results/x.log". */
    static String text(WarningSummary first, Path logFile) {
        return "warning: " + first.kind() + "; repeats are counted" + (logFile == null ? "" : ", all of them in " + logFile);
    }
}
