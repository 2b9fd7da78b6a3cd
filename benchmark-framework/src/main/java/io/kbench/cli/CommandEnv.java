package io.kbench.cli;

import io.kbench.coordinator.StopSignal;
import io.kbench.time.BenchmarkClock;
import java.io.PrintStream;

/**
 * What a command of {@code bin/benchmark} runs with: where it prints, the signal that stops its runs
 * (Ctrl-C), and the clock they keep time on. For a user, the system clock; in a test, a stepped
 * clock, on which a whole sweep passes in a few seconds of real time.
 */
public record CommandEnv(PrintStream out, PrintStream err, StopSignal stop, BenchmarkClock clock) {

    /** On the system clock. */
    public static CommandEnv of(PrintStream out, PrintStream err, StopSignal stop) {
        return new CommandEnv(out, err, stop, BenchmarkClock.system());
    }
}
