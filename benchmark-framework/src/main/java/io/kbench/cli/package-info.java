/**
 * The commands users type (bin/benchmark and its subcommands): options, validation of every input
 * before anything starts, and the wiring of the layers below.
 *
 * <p>Glossary: {@link io.kbench.cli.RunCommandOptions} are the command-line options of every command
 * that runs benchmarks (the coordinator's own settings are io.kbench.coordinator.CoordinatorOptions);
 * {@link io.kbench.cli.WrittenResult} is a run's result with the file it went to; {@code RunQueue} runs the
 * runs of any command one after another, {@code RunExecutor} one of them; {@code OptionDefaults} holds
 * the options' defaults, read from the records that use them.
 */
package io.kbench.cli;
