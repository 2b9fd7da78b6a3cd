package io.kbench.journal;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.result.ResultJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A run journal as read back: its header and every complete entry after it.
 *
 * @param file where it was read from
 * @param header the run it belongs to
 * @param entries the entries after the header, in order
 * @param cut what could not be read, when a line was cut mid-write (the coordinator died while writing it) or damaged,
 *     else null
 */
public record Journal(Path file, JournalEntry.Header header, List<JournalEntry> entries, String cut) {

    public Journal {
        entries = List.copyOf(entries);
    }

    /**
     * Reads a journal. A line cut mid-write (or otherwise damaged) is left out and said in {@link #cut()}; a
     * journal of another format version, an empty file or one whose header cannot be read is refused in one line.
     */
    public static Journal read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new JournalException(file + ": no such file");
        } catch (IOException e) {
            throw new JournalException(file + ": cannot read it (" + e.getMessage() + ")");
        }
        boolean endsWithNewline = endsWithNewline(file);
        if (lines.isEmpty()) {
            throw new JournalException(file + ": empty: not a run journal (its coordinator died before writing anything)");
        }
        JournalEntry.Header header = header(file, lines.get(0));
        List<JournalEntry> entries = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            try {
                entries.add(RunJournal.READ.readValue(line));
            } catch (IOException e) {
                boolean last = i == lines.size() - 1;
                skipped.add(last && !endsWithNewline ? String.format(Locale.ROOT, "its last line (%d) was cut mid-write", i + 1)
                        : String.format(Locale.ROOT, "line %d could not be read (%s)", i + 1, firstLine(e.getMessage())));
            }
        }
        String cut = skipped.isEmpty() ? null : String.join("; ", skipped) + String.format(Locale.ROOT,
                ": the %d complete entries were read", entries.size());
        return new Journal(file, header, entries, cut);
    }

    private static JournalEntry.Header header(Path file, String line) {
        JsonNode node;
        try {
            node = ResultJson.MAPPER.readTree(line);
        } catch (IOException e) {
            throw new JournalException(file + ": its first line is not a journal header: not a run journal");
        }
        if (!"header".equals(node.path("type").asText())) {
            throw new JournalException(file + ": its first line is not a journal header: not a run journal");
        }
        int version = node.path("journalVersion").asInt(-1);
        if (version != RunJournal.VERSION) {
            throw new JournalException(String.format(Locale.ROOT, "%s: a journal of format version %d (written by kbench %s); this "
                    + "kbench (%s) reads version %d: read it with the kbench that wrote it", file, version,
                    node.path("kbenchVersion").asText("?"), RunJournal.kbenchVersion(), RunJournal.VERSION));
        }
        try {
            return (JournalEntry.Header) RunJournal.READ.readValue(line);
        } catch (IOException e) {
            throw new JournalException(file + ": its header cannot be read (" + firstLine(e.getMessage()) + ")");
        }
    }

    private static boolean endsWithNewline(Path file) {
        try {
            long size = Files.size(file);
            if (size == 0) {
                return true;
            }
            try (var ch = Files.newByteChannel(file)) {
                ch.position(size - 1);
                java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1);
                ch.read(b);
                return b.get(0) == '\n';
            }
        } catch (IOException e) {
            return true;
        }
    }

    private static String firstLine(String message) {
        return message == null ? "unreadable" : message.lines().findFirst().orElse("unreadable");
    }

    /** The entries of one kind, in order. */
    public <T extends JournalEntry> List<T> entries(Class<T> type) {
        return entries.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /**
     * When the coordinator last wrote to the journal: when it was lost, as near as the journal knows. What later runs
     * appended (that they deleted its topics) does not count.
     */
    public long lastEpochMillis() {
        return entries.stream().filter(e -> !(e instanceof JournalEntry.TopicsDeleted) && !(e instanceof JournalEntry.ChangeUndone)).mapToLong(JournalEntry::atEpochMillis)
                .max().orElse(header.atEpochMillis());
    }

    /** The changes to the cluster the run made and did not put back, in the order made. */
    public List<JournalEntry.Change> openChanges() {
        java.util.Set<String> undone = new java.util.HashSet<>();
        entries(JournalEntry.ChangeUndone.class).forEach(u -> undone.add(u.key()));
        return entries(JournalEntry.Change.class).stream().filter(c -> !undone.contains(c.key())).toList();
    }

    /** Appends a line saying that the change under {@code key} was put back (by {@code recover}). */
    public static void markUndone(Path file, String key, String outcome, long atEpochMillis) {
        append(file, new JournalEntry.ChangeUndone(atEpochMillis, key, outcome));
    }

    /** The topics the run created and would have deleted, if it got as far as creating them. */
    public List<String> leftTopics() {
        java.util.Set<String> deleted = new java.util.HashSet<>();
        entries(JournalEntry.TopicsDeleted.class).forEach(d -> deleted.addAll(d.names()));
        return entries(JournalEntry.Topics.class).stream().filter(JournalEntry.Topics::created)
                .flatMap(t -> t.names().stream()).filter(n -> !deleted.contains(n)).toList();
    }

    /** Appends a line saying that {@code runId} deleted these topics, so that the journal names them no more. */
    public static void markDeleted(Path file, List<String> names, String runId, long atEpochMillis) {
        append(file, new JournalEntry.TopicsDeleted(atEpochMillis, names, runId));
    }

    private static void append(Path file, JournalEntry entry) {
        try {
            String line = RunJournal.LINE.writeValueAsString(entry) + "\n";
            Files.writeString(file, endsWithNewline(file) ? line : "\n" + line, StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new JournalException(file + ": cannot append to it (" + e.getMessage() + ")");
        }
    }

    /** The journals in a directory (not below it), oldest first. */
    public static List<Path> in(Path dir) {
        try (var files = Files.list(dir)) {
            return files.filter(Files::isRegularFile).filter(RunJournal::isJournal).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The journal this path names: the file itself, or the only (else the newest) journal in a directory. */
    public static Optional<Path> find(Path fileOrDir) {
        if (Files.isDirectory(fileOrDir)) {
            List<Path> found = in(fileOrDir);
            return found.isEmpty() ? Optional.empty() : Optional.of(found.get(found.size() - 1));
        }
        return Files.isRegularFile(fileOrDir) ? Optional.of(fileOrDir) : Optional.empty();
    }
}
