/**
 * The commands users type (bin/benchmark and its subcommands): options, validation of every input
 * before anything starts, and the wiring of the layers below.
 *
 * <p>Glossary: {@link io.kbench.cli.RunCommandOptions} are the command-line options of every command
 * that runs benchmarks (the coordinator's own settings are io.kbench.coordinator.CoordinatorOptions);
 * {@link io.kbench.cli.WrittenResult} is a run's result with the file it went to.
 */
package io.kbench.cli;
