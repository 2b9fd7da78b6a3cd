package io.kbench.features;

import java.util.Map;

/**
 * A subcommand of {@code bin/benchmark} that belongs to a feature: {@code find-max} (the search),
 * {@code size} (sizing). Its picocli object is an {@code @Command} class of the feature's package that
 * declares the command's description, options and parameters and runs as a {@code Callable<Integer>}
 * returning the exit status; {@code bin/benchmark} adds it under {@link #name()}.
 */
public interface FeatureCommand {

    /** What the user types after {@code bin/benchmark}. */
    String name();

    /**
     * Whether it runs workloads: {@code bin/benchmark} then adds the options of a run (drivers, workers, output,
     * durations...) after the command's own, and the command runs through {@link CommandContext#run}. A command that
     * runs nothing ({@code size}) gets neither. Such commands are listed before {@code sweep}, the others after it.
     */
    boolean runsWorkloads();

    /** A new instance of the command's picocli object. */
    Object create(CommandContext context);

    /** The defaults of the command's options, by their long name, for {@code --help}'s {@code ${DEFAULT-VALUE}}. */
    default Map<String, String> optionDefaults() {
        return Map.of();
    }
}
