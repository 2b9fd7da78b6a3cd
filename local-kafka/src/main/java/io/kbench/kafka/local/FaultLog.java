package io.kbench.kafka.local;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The parent's lines in the broker log: the cluster's start and every fault, timestamped like the
 * nodes' lines ({@link NodeLogging}) so the file reads as one timeline. Each line is one append
 * ({@code O_APPEND}), so it never tears a node's line.
 */
final class FaultLog {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern(NodeLogging.TIME_FORMAT);

    private final Path log;

    FaultLog(Path log) {
        this.log = log;
    }

    /** Appends one INFO line; never fails (the log is informational). */
    synchronized void info(String message) {
        String line = LocalDateTime.now().format(TIME) + " [cluster] [" + Thread.currentThread().getName()
                + "] INFO " + LocalKafkaCluster.class.getName() + " - " + message + System.lineSeparator();
        try (OutputStream out = Files.newOutputStream(log, StandardOpenOption.APPEND, StandardOpenOption.CREATE)) {
            out.write(line.getBytes(StandardCharsets.UTF_8));
        } catch (IOException ignored) {
            // The directory is gone (closed) or the disk is full: nothing useful to do here.
        }
    }
}
