package io.kbench.kafka.local;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;

/** File chores shared by the parent and the node JVMs: deleting a cluster's directory, a log's tail. */
final class LocalFiles {

    private static final int LOG_TAIL_LINES = 20;

    private LocalFiles() {
    }

    /** The last lines of the broker log, formatted for an error message, or "" if it cannot be read. */
    static String logTail(Path log) {
        Deque<String> tail = new ArrayDeque<>();
        try (BufferedReader r = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                String t = line.trim();
                if (t.isEmpty() || t.startsWith("at ") || (t.startsWith("... ") && t.endsWith(" more"))) {
                    continue; // stack frames: the exception lines above them say what happened
                }
                tail.addLast(line);
                if (tail.size() > LOG_TAIL_LINES) {
                    tail.removeFirst();
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
        if (tail.isEmpty()) {
            return " (the broker log is empty)";
        }
        return ". Last lines of the broker log:\n  " + String.join("\n  ", tail);
    }

    /** Deletes a directory tree, ignoring files that vanish meanwhile; best effort. */
    static void deleteRecursively(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    try {
                        Files.deleteIfExists(dir);
                    } catch (DirectoryNotEmptyException e) {
                        // Something is still writing into it; leave it.
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException ignored) {
            // Deleted concurrently.
        } catch (IOException ignored) {
            // Best effort: a leftover temp dir is not worth failing a run for.
        }
    }
}
