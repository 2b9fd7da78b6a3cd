package io.kbench.coordinator;

import java.io.PrintStream;
import java.util.Locale;

/** Where the run talks to the user: progress, phases, final lines. */
public final class Console {

    private final PrintStream out;

    public Console(PrintStream out) {
        this.out = out;
    }

    public void line(String text) {
        out.println(text);
        out.flush();
    }

    public void line(String format, Object... args) {
        line(String.format(Locale.ROOT, format, args));
    }
}
