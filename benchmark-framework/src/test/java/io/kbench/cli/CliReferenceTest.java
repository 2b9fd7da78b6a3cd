package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kbench.agent.WorkerCommand;
import io.kbench.coordinator.StopSignal;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/cli-reference.md is every command's --help, as picocli renders it at 100 columns: the test fails when they
 * differ. Regenerate the page with -Dkbench.writeCliReference=true.
 */
class CliReferenceTest {

    static final Path PAGE = Path.of("..", "docs", "cli-reference.md");
    static final int WIDTH = 100;

    @Test
    void thePageIsTheCommandsHelp() throws IOException {
        String expected = page();
        if (Boolean.getBoolean("kbench.writeCliReference")) {
            Files.writeString(PAGE, expected);
        }
        assertEquals(expected, Files.readString(PAGE), "docs/cli-reference.md differs from the commands' --help: regenerate it "
                + "with mvn -B -o -pl benchmark-framework -am verify -Dtest=CliReferenceTest -Dsurefire.failIfNoSpecifiedTests=false "
                + "-Dkbench.writeCliReference=true");
    }

    static String page() {
        PrintStream none = new PrintStream(PrintStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        CommandLine benchmark = BenchmarkCommand.commandLine(none, none, new StopSignal());
        StringBuilder b = new StringBuilder();
        b.append("# Command-line reference\n\n")
                .append("Every command's `--help`, generated from the commands themselves (a test fails when this page and\n")
                .append("the commands differ). The [documentation index](README.md) links the guide pages that explain when to use which.\n\n")
                .append("- [bin/benchmark](#binbenchmark)\n");
        List<String> subcommands = List.copyOf(benchmark.getSubcommands().keySet());
        for (String name : subcommands) {
            b.append("- [bin/benchmark ").append(name).append("](#binbenchmark-").append(name).append(")\n");
        }
        b.append("- [bin/benchmark-worker](#binbenchmark-worker)\n");
        section(b, "bin/benchmark", benchmark);
        for (String name : subcommands) {
            section(b, "bin/benchmark " + name, benchmark.getSubcommands().get(name));
        }
        section(b, "bin/benchmark-worker", new CommandLine(new WorkerCommand(none)));
        return b.toString();
    }

    private static void section(StringBuilder b, String title, CommandLine command) {
        command.setUsageHelpAutoWidth(false).setUsageHelpWidth(WIDTH);
        StringWriter text = new StringWriter();
        command.usage(new PrintWriter(text), CommandLine.Help.Ansi.OFF);
        b.append("\n## ").append(title).append("\n\n```text\n").append(text.toString().stripTrailing()).append("\n```\n");
    }
}
