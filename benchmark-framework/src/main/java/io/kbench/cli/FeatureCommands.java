package io.kbench.cli;

import io.kbench.config.PlaceholderResolver;
import io.kbench.features.CommandContext;
import io.kbench.features.Feature;
import io.kbench.features.FeatureCommand;
import io.kbench.features.Features;
import io.kbench.workload.WorkloadLoader;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import picocli.CommandLine;

/** The subcommands the features add to {@code bin/benchmark} ({@link Feature#commands()}), with what they run through. */
final class FeatureCommands {

    private FeatureCommands() {}

    /** Every feature's command, in registration order. */
    static Stream<FeatureCommand> all() {
        return Features.all().stream().flatMap(f -> f.commands().stream());
    }

    /** Adds the features' commands that run workloads ({@code runs}) or the others; a run command gets a run's options. */
    static void add(CommandLine root, boolean runs, CommandEnv env) {
        all().filter(c -> c.runsWorkloads() == runs).forEach(c -> {
            RunCommandOptions options = new RunCommandOptions();
            CommandLine sub = new CommandLine(c.create(new Context(env, options)));
            if (runs) {
                sub.addMixin("options", options);
                options.addFeatureOptions(sub);
            }
            root.addSubcommand(c.name(), sub);
        });
    }

    /** The defaults of every feature command's options, by long name. */
    static Map<String, String> optionDefaults() {
        return all().flatMap(c -> c.optionDefaults().entrySet().stream())
                .collect(java.util.stream.Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a));
    }

    /** A feature command's way to the console and to running workloads with the options the user gave. */
    private record Context(CommandEnv env, RunCommandOptions options) implements CommandContext {
        @Override
        public PrintStream out() {
            return env.out();
        }

        @Override
        public PrintStream err() {
            return env.err();
        }

        @Override
        public int run(Path workload, Path output, Object settings, UnaryOperator<WorkloadLoader> loader) {
            return new WorkloadRuns(env, options).run(List.of(workload), output,
                    loader.apply(new WorkloadLoader(new PlaceholderResolver())), options.runOptions().withSettings(settings));
        }

        @Override
        public int badInput() {
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
    }
}
