package io.kbench.features;

import io.kbench.workload.WorkloadLoader;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/** What a feature's command ({@link FeatureCommand}) runs with: the console, and for one that runs workloads, the runner. */
public interface CommandContext {

    PrintStream out();

    PrintStream err();

    /**
     * Runs one workload as {@code bin/benchmark} runs one, with the run options the user gave and the feature's
     * settings for its run ({@link RunSetup#settings}); returns the exit status.
     *
     * @param output the result file, or null for the default
     * @param loader how the workload file is read (e.g. {@link WorkloadLoader#forSearch()})
     */
    int run(Path workload, Path output, Object settings, UnaryOperator<WorkloadLoader> loader);

    /** The exit status of bad input (nothing was run). */
    int badInput();
}
