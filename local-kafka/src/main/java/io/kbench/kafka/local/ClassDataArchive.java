package io.kbench.kafka.local;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * An application class-data archive (the JVM's AppCDS) that the JVMs of one class path share: a broker
 * that maps the classes it needs from an archive starts on about half the CPU (measured: 2.0 s instead
 * of 3.8 s with C1), which a test suite starting a hundred short-lived brokers on 2 cores feels. The
 * node JVMs use it; the end-to-end tests use it for the worker agents they start, too.
 *
 * <p>Opt-in: only when {@link #DIR_ENV} (or {@link #DIR_PROPERTY}) names a directory. The first
 * JVM of a class path writes the archive when it exits ({@code -XX:ArchiveClassesAtExit}) to a
 * temporary name, moved into place by {@link #afterExit} once that JVM has ended; later ones map it
 * ({@code -XX:SharedArchiveFile}). The file name is a digest of the JVM and of every class-path jar
 * with its size and time, so a rebuilt jar or another JDK gets another archive instead of a mismatch.
 * The JVM cannot archive classes from a directory and refuses to start when asked to, so a class path
 * with a directory (a module's own tests) gets no option.
 */
public final class ClassDataArchive {

    /** The directory of the archives; unset: none. */
    static final String DIR_ENV = "KBENCH_NODE_CDS_DIR";
    /** The same, for this JVM only, before the variable. */
    static final String DIR_PROPERTY = "kbench.nodeCdsDir";

    private static final String DUMP_OPTION = "-XX:ArchiveClassesAtExit=";
    private static final String USE_OPTION = "-XX:SharedArchiveFile=";
    private static final String PARTIAL = ".partial-";
    /**
     * The JVM says on stdout which classes it could not archive (e.g. "[warning][cds] Pre JDK 6 class not supported by
     * CDS: 49.0 picocli/…") when it exits, in the middle of what the tool printed: the archive only saves time, so quiet.
     */
    private static final String QUIET = "-Xlog:cds*=off";
    private static final long LEFT_OVER_AFTER_MILLIS = 60_000;

    private ClassDataArchive() {
    }

    /** The options for a JVM with {@code classpath}, from the configured directory (none: empty). */
    public static List<String> options(String classpath) {
        String dir = System.getProperty(DIR_PROPERTY, System.getenv(DIR_ENV));
        return dir == null || dir.isBlank() ? List.of() : options(Path.of(dir.trim()), classpath);
    }

    /**
     * Maps the archive of {@code classpath} in {@code dir} if it is there, else writes one at exit.
     * Nothing when the class path has anything but jar files, or the directory cannot be made.
     */
    public static List<String> options(Path dir, String classpath) {
        String key = key(classpath);
        if (key == null) {
            return List.of();
        }
        Path archive = dir.resolve("classes-" + key + ".jsa");
        if (Files.isRegularFile(archive) || promoteLeftOver(archive)) {
            return List.of(USE_OPTION + archive.toAbsolutePath(), QUIET);
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            return List.of();
        }
        // Two JVMs may write at once, each to its own name: the move of either is a whole archive.
        return List.of(DUMP_OPTION + archive.toAbsolutePath() + PARTIAL + UUID.randomUUID(), QUIET);
    }

    /**
     * Once a JVM launched with {@code command} has ended with {@code exitStatus}: moves the archive
     * it wrote into place. A JVM killed with SIGKILL (137) did not finish writing; its file is deleted.
     */
    public static void afterExit(List<String> command, int exitStatus) {
        for (String option : command) {
            if (option.startsWith(DUMP_OPTION)) {
                Path partial = Path.of(option.substring(DUMP_OPTION.length()));
                String name = partial.getFileName().toString();
                Path archive = partial.resolveSibling(name.substring(0, name.indexOf(PARTIAL)));
                try {
                    if (exitStatus != 137 && Files.size(partial) > 0) {
                        Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    } else {
                        Files.deleteIfExists(partial);
                    }
                } catch (IOException e) {
                    // No archive this time (the JVM wrote none, or the move failed): the next JVM writes one.
                    deleteQuietly(partial);
                }
            }
        }
    }

    /**
     * Moves into place a temporary archive that was written over a minute ago: its writer's parent ended before it
     * did (a test JVM's last worker), so no {@link #afterExit} moved it. The JVM writes an archive's header last, and
     * maps none whose header is not whole, so even a writer killed midway leaves nothing harmful.
     */
    private static boolean promoteLeftOver(Path archive) {
        String prefix = archive.getFileName() + PARTIAL;
        long writtenBefore = System.currentTimeMillis() - LEFT_OVER_AFTER_MILLIS;
        try (var files = Files.list(archive.getParent())) {
            for (Path partial : (Iterable<Path>) files::iterator) {
                if (partial.getFileName().toString().startsWith(prefix) && Files.size(partial) > 0
                        && Files.getLastModifiedTime(partial).toMillis() < writtenBefore) {
                    Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    return true;
                }
            }
        } catch (IOException e) {
            // No directory yet, or another JVM moved that file first: it is then in place or written anew.
        }
        return Files.isRegularFile(archive);
    }

    /** A digest of this JVM and of the class path's jars with their sizes and times; null if an entry is not a jar file. */
    static String key(String classpath) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        update(digest, System.getProperty("java.home") + "|" + System.getProperty("java.vm.version"));
        for (String entry : classpath.split(File.pathSeparator)) {
            File file = new File(entry);
            if (!entry.endsWith(".jar") || !file.isFile()) {
                return null;
            }
            update(digest, file.getAbsolutePath() + "|" + file.length() + "|" + file.lastModified());
        }
        return HexFormat.of().formatHex(digest.digest(), 0, 8);
    }

    private static void update(MessageDigest digest, String text) {
        digest.update(text.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // A stray partial file is harmless: no JVM maps it.
        }
    }
}
