package io.kbench.coordinator;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.RunStatus;
import java.util.Locale;

/** Prints a run's news on the console as it comes. */
public final class ConsoleListener implements RunListener {

    private final Console console;

    public ConsoleListener(Console console) {
        this.console = console;
    }

    @Override
    public void phaseStarted(Phase phase, String message) {
        console.line(message);
    }

    @Override
    public void progress(PeriodSummary period, String line) {
        console.line(line);
    }

    @Override
    public void line(String text) {
        console.line(text);
    }

    @Override
    public void warning(String text) {
        console.line("WARNING: " + text);
    }

    @Override
    public void statusChanged(RunStatus status, String reason) {
        console.line("Run %s: %s", status.name().toLowerCase(Locale.ROOT), reason);
    }
}
