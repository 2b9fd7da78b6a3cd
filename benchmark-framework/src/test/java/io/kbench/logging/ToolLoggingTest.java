package io.kbench.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import io.kbench.time.ManualClock;
import io.kbench.secret.Redactor;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;

/** Routing on a private logback context, so the test JVM's own logging is left alone. */
class ToolLoggingTest {

    private static final String CANARY = "Canary-ql-5e1c9a0f";
    private static final String UNREACHABLE = "[Producer clientId=producer-1] Connection to node -1 (/127.0.0.1:39345) could not be "
            + "established. Node may not be available.";

    @TempDir
    Path dir;

    private final LoggerContext context = new LoggerContext();
    private final ClientWarnings warnings = new ClientWarnings(new ManualClock());
    private final ToolLogging logging = new ToolLogging(context, warnings);
    private final Logger kafka = context.getLogger("org.apache.kafka.clients.NetworkClient");
    private final Logger own = context.getLogger("io.kbench.agent.WorkerAgent");

    @BeforeEach
    void configure() {
        context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter()); // what SLF4J's start gives the real one
        logging.configure(Level.INFO);
    }

    @Test
    void theFileHoldsEveryWarningInFullWithSecretsMasked() throws Exception {
        Redactor.process().register(CANARY); // as a ${file:...} placeholder would
        Path file = dir.resolve("results/run.log");
        try (ToolLogging.Attachment a = logging.openFile(file, "# header\n")) {
            for (int i = 0; i < 3; i++) {
                kafka.warn(UNREACHABLE);
            }
            kafka.error("login with password " + CANARY + " failed", new IllegalStateException("wrapped",
                    new RuntimeException("sasl.jaas.config=... password=\"" + CANARY + "\";")));
            kafka.info("INFO lines of libraries stay out at the default level");
        }
        kafka.warn("after close: not in the file");
        String text = Files.readString(file);
        assertTrue(text.startsWith("# header\n"), text);
        assertEquals(3, text.split("could not be established", -1).length - 1, text);
        assertTrue(text.contains("WARN  [") && text.contains("org.apache.kafka.clients.NetworkClient - [Producer clientId=producer-1]"),
                "raw lines, as logged:\n" + text);
        assertTrue(text.contains("java.lang.IllegalStateException: wrapped") && text.contains("Caused by: java.lang.RuntimeException")
                && text.contains("\tat "), "stack traces in full:\n" + text);
        assertFalse(text.contains(CANARY), "the canary leaked into the log file:\n" + text);
        assertTrue(text.contains("login with password " + Redactor.MASK), text);
        assertFalse(text.contains("INFO lines of libraries") || text.contains("after close"), text);
    }

    @Test
    void everyWarningIsCountedAndTheFirstOfEachKindAnnounced() {
        List<String> firsts = new ArrayList<>();
        warnings.onFirstOccurrence(w -> firsts.add(w.kind()));
        for (int i = 0; i < 50; i++) {
            kafka.warn(UNREACHABLE);
        }
        kafka.error("[Consumer clientId=c-1, groupId=g] Offset commit with offsets {t-0=OffsetAndMetadata{offset=5}} failed",
                new IllegalStateException("Offset commit failed with a retriable exception", new RuntimeException("cause")));
        kafka.info("[Producer clientId=producer-1] Node -1 disconnected."); // below WARN: not counted
        assertEquals(List.of("broker 127.0.0.1:39345 unreachable", "consumer offset commits failed (the consumers commit again later)"),
                firsts);
        assertEquals(50, warnings.snapshot().get(0).count());
        String example = warnings.snapshot().get(1).exampleRaw();
        assertTrue(example.startsWith("ERROR org.apache.kafka.clients.NetworkClient - [Consumer clientId=c-1, groupId=g] Offset commit")
                && example.contains("java.lang.IllegalStateException: Offset commit failed") && example.contains("caused by java.lang"),
                example);
    }

    @Test
    void withoutVerboseTheConsoleShowsOnlyTheToolsOwnLines() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (ToolLogging.Attachment a = logging.console(console, false)) {
            kafka.warn(UNREACHABLE, new IllegalStateException("boom"));
            own.info("Run 1a2b3c4d started for http://127.0.0.1:1234 (lease 15000 ms)");
            own.warn("The lease of run 1a2b3c4d ran out"); // counted like any warning, announced by the listener
        }
        own.info("after close");
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} Run 1a2b3c4d started for http://127\\.0\\.0\\.1:1234 \\(lease 15000 ms\\)\\R"),
                text);
        assertEquals(2, warnings.snapshot().size());
    }

    @Test
    void withVerboseTheConsoleShowsTheRawLinesToo() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Redactor.process().register(CANARY);
        try (ToolLogging.Attachment a = logging.console(console, true)) {
            kafka.warn(UNREACHABLE + " " + CANARY, new IllegalStateException("boom"));
            own.info("Run 1a2b3c4d started");
        }
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("WARN  org.apache.kafka.clients.NetworkClient - [Producer clientId=producer-1] Connection to node -1"),
                text);
        assertTrue(text.contains("java.lang.IllegalStateException: boom") && text.contains("\tat "), text);
        assertTrue(text.contains("INFO  io.kbench.agent.WorkerAgent - Run 1a2b3c4d started"), text);
        assertFalse(text.contains(CANARY), text);
    }

    @Test
    void levels() {
        assertEquals(Level.WARN, context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getLevel());
        assertEquals(Level.INFO, context.getLogger("io.kbench").getLevel());
        assertEquals(Level.ERROR, context.getLogger("software.amazon").getLevel());
        logging.configure(Level.WARN);
        assertEquals(Level.WARN, context.getLogger("io.kbench").getLevel());
        logging.configure(Level.WARN);
        assertTrue(logging.attached(SummaryAppender.NAME));
        String previous = System.getProperty(ToolLogging.LEVEL_PROPERTY);
        System.setProperty(ToolLogging.LEVEL_PROPERTY, "debug");
        try {
            logging.configure(Level.WARN);
            assertEquals(Level.DEBUG, context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getLevel());
            assertEquals(Level.DEBUG, context.getLogger("io.kbench").getLevel(), "the tool's own as detailed as the libraries'");
        } finally {
            if (previous == null) {
                System.clearProperty(ToolLogging.LEVEL_PROPERTY);
            } else {
                System.setProperty(ToolLogging.LEVEL_PROPERTY, previous);
            }
        }
    }

    @Test
    void aFileThatCannotBeWrittenSaysWhy() throws Exception {
        Path blocker = Files.writeString(dir.resolve("not-a-dir"), "x");
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> logging.openFile(blocker.resolve("run.log"), null));
        assertEquals("a file is in the way: " + blocker, io.kbench.util.Errors.describeIo((java.io.IOException) e));
    }
}
