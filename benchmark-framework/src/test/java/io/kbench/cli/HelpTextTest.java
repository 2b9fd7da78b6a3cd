package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every command's --help renders without picocli's warnings (which it prints on the process's stderr). */
class HelpTextTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "find-max", "sweep", "report", "size", "cost"})
    void helpRendersWithoutWarnings(String command) {
        ByteArrayOutputStream processErr = new ByteArrayOutputStream();
        PrintStream original = System.err;
        CommandRun help;
        System.setErr(new PrintStream(processErr, true, StandardCharsets.UTF_8));
        try {
            help = command.isEmpty() ? CommandRun.of("--help") : CommandRun.of(command, "--help");
        } finally {
            System.setErr(original);
        }
        String warnings = processErr.toString(StandardCharsets.UTF_8) + help.err();
        assertEquals(0, help.code(), warnings);
        assertFalse(warnings.contains("picocli WARN"), warnings);
        assertFalse(help.out().contains("%%"), help.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"find-max"})
    void findMaxSaysItsCriteriaInWholeSentences(String command) {
        String text = CommandRun.of(command, "--help").out().replaceAll("\\s*\\n\\s*", " ");
        assertTrue(text.contains("A step passes when at least 99% of the requested rate was achieved (98% to 99% in short "
                + "steps, whose edges move it by up to their p99 publish latency), the backlog did not grow, no send failed, nothing was left undelivered and the SLO holds."), text);
        assertTrue(text.contains("Exit status: 0 a rate was found and confirmed (when the clients were the limit, that rate "
                + "is a lower bound for the cluster"), text);
    }
}
