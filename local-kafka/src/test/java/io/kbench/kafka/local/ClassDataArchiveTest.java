package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shared class-data archive, with real JVMs: the first writes it, the next maps its classes. */
class ClassDataArchiveTest {

    /** The program of the JVMs below: it only has to load a class of its own jar. */
    public static final class Hello {
        public static void main(String[] args) {
            System.out.println("hello");
        }
    }

    @TempDir
    Path dir;

    /** A jar holding {@link Hello}. */
    private Path helloJar() throws IOException {
        Path jar = dir.resolve("hello.jar");
        String entry = Hello.class.getName().replace('.', '/') + ".class";
        try (InputStream in = Hello.class.getClassLoader().getResourceAsStream(entry);
             JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
        }
        return jar;
    }

    /** Runs {@link Hello} with the archive's options and class loading logged; returns the command and its output. */
    private static List<String> run(List<String> command) throws Exception {
        return run(command, true);
    }

    private static List<String> run(List<String> command, boolean afterExit) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);
        if (afterExit) {
            ClassDataArchive.afterExit(command, p.exitValue());
        }
        return List.of(output.split("\n"));
    }

    private static List<String> command(List<String> archiveOptions, Path jar) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info"));
        command.addAll(archiveOptions);
        command.addAll(List.of("-cp", jar.toString(), Hello.class.getName()));
        return command;
    }

    @Test
    void theFirstJvmWritesTheArchiveAndTheNextLoadsItsClassesFromIt() throws Exception {
        Path jar = helloJar();
        Path archives = dir.resolve("cds");
        List<String> first = ClassDataArchive.options(archives, jar.toString());
        assertEquals(List.of("-Xlog:cds*=off"), first.subList(1, first.size()), "the JVM's archive warnings stay off stdout");
        assertTrue(first.get(0).startsWith("-XX:ArchiveClassesAtExit="), first.toString());

        run(command(first, jar));
        try (var files = Files.list(archives)) {
            List<Path> written = files.toList();
            assertEquals(1, written.size(), "one archive, no partial file left: " + written);
            assertTrue(written.get(0).getFileName().toString().matches("classes-[0-9a-f]{16}\\.jsa"), written.toString());
        }

        List<String> second = ClassDataArchive.options(archives, jar.toString());
        assertTrue(second.get(0).startsWith("-XX:SharedArchiveFile="), second.toString());
        String loaded = run(command(second, jar)).stream().filter(line -> line.contains(Hello.class.getName() + " "))
                .findFirst().orElseThrow();
        assertTrue(loaded.contains("shared objects file"), "the jar's class comes from the archive: " + loaded);
    }

    @Test
    void aClassPathWithADirectoryOrAMissingJarGetsNoOptionForTheJvmWouldRefuseToStart() throws Exception {
        Path jar = helloJar();
        Files.createDirectories(dir.resolve("classes"));
        assertEquals(List.of(), ClassDataArchive.options(dir.resolve("cds"), jar + java.io.File.pathSeparator + dir.resolve("classes")));
        assertEquals(List.of(), ClassDataArchive.options(dir.resolve("cds"), dir.resolve("absent.jar").toString()));
        assertFalse(Files.exists(dir.resolve("cds")));
    }

    @Test
    void aRebuiltJarGetsAnotherArchive() throws Exception {
        Path jar = helloJar();
        String before = ClassDataArchive.key(jar.toString());
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        assertNotEquals(before, ClassDataArchive.key(jar.toString()));
        assertNull(ClassDataArchive.key(dir.toString()));
    }

    @Test
    void anArchiveWrittenOverAMinuteAgoWhoseParentEndedFirstIsMovedIntoPlaceByTheNextJvm() throws Exception {
        Path jar = helloJar();
        Path archives = dir.resolve("cds");
        List<String> first = ClassDataArchive.options(archives, jar.toString());
        run(command(first, jar), false); // as if its parent had ended first: nothing moves it
        Path partial = Path.of(first.get(0).substring(first.get(0).indexOf('=') + 1));
        assertTrue(Files.size(partial) > 0);
        assertTrue(ClassDataArchive.options(archives, jar.toString()).get(0).startsWith("-XX:ArchiveClassesAtExit="),
                "a fresh one may still be being written");

        Files.setLastModifiedTime(partial, FileTime.fromMillis(System.currentTimeMillis() - 61_000));
        List<String> next = ClassDataArchive.options(archives, jar.toString());
        assertTrue(next.get(0).startsWith("-XX:SharedArchiveFile="), next.toString());
        assertFalse(Files.exists(partial));
        assertTrue(run(command(next, jar), true).stream().anyMatch(line -> line.contains(Hello.class.getName() + " source: shared")));
    }

    @Test
    void aWriterKilledWithSigkillLeavesNoArchiveAndItsPartialFileGoes() throws Exception {
        Path jar = helloJar();
        Path archives = dir.resolve("cds");
        List<String> options = ClassDataArchive.options(archives, jar.toString());
        Path partial = Path.of(options.get(0).substring(options.get(0).indexOf('=') + 1));
        Files.writeString(partial, "half an archive");
        ClassDataArchive.afterExit(command(options, jar), 137);
        try (var files = Files.list(archives)) {
            assertEquals(List.of(), files.toList());
        }
    }
}
