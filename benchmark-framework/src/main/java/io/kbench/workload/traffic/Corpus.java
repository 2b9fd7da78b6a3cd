package io.kbench.workload.traffic;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads a {@link CorpusSpec}'s payloads from disk, on the coordinator, for the workers: all of them together at most
 * the limit the workers take (a clear problem past it, before anything runs).
 */
public final class Corpus {

    /**
     * What was read.
     *
     * @param payloads the payloads, in order; empty when there are issues
     * @param issues what is wrong, each naming the field ({@code files}, {@code directory}, {@code delimitedFile})
     */
    public record Read(List<byte[]> payloads, List<Issue> issues) {}

    private Corpus() {}

    /**
     * @param where the folders a relative path is looked for in, in order (the workload's folder, its parent, the
     *     working directory)
     * @param maxTotalBytes the most bytes all payloads may take together
     */
    public static Read read(CorpusSpec spec, List<Path> where, long maxTotalBytes) {
        int given = (spec.files() != null ? 1 : 0) + (spec.directory() != null ? 1 : 0) + (spec.delimitedFile() != null ? 1 : 0);
        if (given != 1) {
            return failed("", "payloads needs exactly one of files (a list of payload files), directory (a folder of them) or "
                    + "delimitedFile (one file, a payload per record)" + (given == 0 ? "" : ": it gives " + given));
        }
        if (spec.delimiter() != null && spec.delimitedFile() == null) {
            return failed("delimiter", "payloads.delimiter goes with delimitedFile: remove it, or give delimitedFile");
        }
        List<Path> files = new ArrayList<>();
        String field;
        if (spec.files() != null) {
            field = "files";
            if (spec.files().isEmpty()) {
                return failed(field, "payloads.files is empty: list the payload files");
            }
            for (String f : spec.files()) {
                Path p = find(f, where, false);
                if (p == null) {
                    return failed(field, "payloads.files: " + f + " not found (looked in " + places(where) + ")");
                }
                files.add(p);
            }
        } else if (spec.directory() != null) {
            field = "directory";
            Path dir = find(spec.directory(), where, true);
            if (dir == null) {
                return failed(field, "payloads.directory " + spec.directory() + " is not a folder (looked in " + places(where) + ")");
            }
            try (Stream<Path> list = Files.list(dir)) {
                list.filter(Files::isRegularFile).sorted(Comparator.comparing(p -> p.getFileName().toString())).forEach(files::add);
            } catch (IOException e) {
                return failed(field, "cannot list payloads.directory " + dir + ": " + e.getMessage());
            }
            if (files.isEmpty()) {
                return failed(field, "payloads.directory " + dir + " has no files: put one payload per file in it");
            }
        } else {
            field = "delimitedFile";
            Path p = find(spec.delimitedFile(), where, false);
            if (p == null) {
                return failed(field, "payloads.delimitedFile " + spec.delimitedFile() + " not found (looked in " + places(where) + ")");
            }
            files.add(p);
        }
        long total = 0;
        for (Path p : files) {
            try {
                total += Files.size(p);
            } catch (IOException e) {
                return failed(field, "cannot read payload file " + p + ": " + e.getMessage());
            }
            if (total > maxTotalBytes) {
                return failed(field, String.format(java.util.Locale.ROOT, "payloads: the corpus is over %,d bytes by %s; at most that "
                        + "can be sent to the workers: use fewer or smaller files", maxTotalBytes, p));
            }
        }
        List<byte[]> payloads = new ArrayList<>();
        try {
            for (Path p : files) {
                byte[] bytes = Files.readAllBytes(p);
                if (spec.delimitedFile() != null) {
                    String delimiter = spec.delimiter() == null ? CorpusSpec.DEFAULT_DELIMITER : spec.delimiter();
                    if (delimiter.isEmpty()) {
                        return failed("delimiter", "payloads.delimiter is empty: give what ends each record, e.g. \"\\n\"");
                    }
                    payloads.addAll(split(bytes, delimiter.getBytes(StandardCharsets.UTF_8)));
                } else {
                    payloads.add(bytes);
                }
            }
        } catch (IOException e) {
            return failed(field, "cannot read a payload file: " + e.getMessage());
        }
        if (payloads.isEmpty()) {
            return failed(field, "payloads.delimitedFile " + spec.delimitedFile() + " holds no record (only delimiters, or nothing)");
        }
        return new Read(List.copyOf(payloads), List.of());
    }

    /** The records of {@code bytes} between delimiters, empty ones skipped. */
    static List<byte[]> split(byte[] bytes, byte[] delimiter) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= bytes.length - delimiter.length; ) {
            if (matchesAt(bytes, i, delimiter)) {
                if (i > start) {
                    out.add(java.util.Arrays.copyOfRange(bytes, start, i));
                }
                i += delimiter.length;
                start = i;
            } else {
                i++;
            }
        }
        if (start < bytes.length) {
            out.add(java.util.Arrays.copyOfRange(bytes, start, bytes.length));
        }
        return out;
    }

    private static boolean matchesAt(byte[] bytes, int at, byte[] delimiter) {
        for (int j = 0; j < delimiter.length; j++) {
            if (bytes[at + j] != delimiter[j]) {
                return false;
            }
        }
        return true;
    }

    private static Path find(String name, List<Path> where, boolean folder) {
        Path given = Path.of(name);
        List<Path> candidates = given.isAbsolute() ? List.of(given) : where.stream().map(d -> d.resolve(given)).toList();
        for (Path c : candidates) {
            if (folder ? Files.isDirectory(c) : Files.isRegularFile(c)) {
                return c;
            }
        }
        return null;
    }

    private static String places(List<Path> where) {
        return String.join(", ", where.stream().map(Path::toString).toList());
    }

    private static Read failed(String field, String message) {
        return new Read(List.of(), List.of(new Issue(field, message)));
    }
}
