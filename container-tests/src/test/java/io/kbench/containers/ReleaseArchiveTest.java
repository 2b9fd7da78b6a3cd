package io.kbench.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The release archive the image module makes (what a VM unpacks instead of cloning and building):
 * its layout, no broker in lib/, and its launchers run from wherever it is unpacked.
 */
class ReleaseArchiveTest {

    static Path home;

    @BeforeAll
    static void unpack() throws Exception {
        Path dir = Path.of(System.getProperty("kbench.image.dir", "../deploy/image/target"));
        Path archive;
        try (Stream<Path> files = Files.list(dir)) {
            archive = files.filter(p -> p.getFileName().toString().matches("kbench-[0-9].*\\.tar\\.gz")).findFirst()
                    .orElseThrow(() -> new AssertionError("no kbench-VERSION.tar.gz in " + dir));
        }
        Path into = Path.of(System.getProperty("kbench.container.dir", "target/containers")).resolve("release");
        if (Files.exists(into)) {
            try (Stream<Path> old = Files.walk(into)) {
                old.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
            }
        }
        Files.createDirectories(into);
        assertEquals(0, run(List.of("tar", "-xzf", archive.toString(), "-C", into.toString())).exit());
        try (Stream<Path> top = Files.list(into)) {
            List<Path> dirs = top.toList();
            assertEquals(1, dirs.size(), "one top directory: " + dirs);
            home = dirs.get(0);
        }
        assertTrue(home.getFileName().toString().startsWith("kbench-"), home.toString());
    }

    @Test
    void holdsLaunchersLibrariesPresetsAndWorkloadsButNoBroker() throws IOException {
        for (String launcher : List.of("kbench", "benchmark", "benchmark-worker")) {
            assertTrue(Files.isExecutable(home.resolve("bin").resolve(launcher)), "bin/" + launcher);
        }
        assertTrue(Files.isRegularFile(home.resolve("driver-kafka/kafka.yaml")));
        assertTrue(Files.isRegularFile(home.resolve("driver-inmemory/inmemory.yaml")));
        assertTrue(Files.isRegularFile(home.resolve("workloads/simple.yaml")));
        List<String> jars;
        try (Stream<Path> lib = Files.list(home.resolve("lib"))) {
            jars = lib.map(p -> p.getFileName().toString()).toList();
        }
        assertTrue(jars.stream().anyMatch(j -> j.startsWith("kbench-image-")), "the launcher's jar: " + jars);
        assertTrue(jars.stream().anyMatch(j -> j.startsWith("benchmark-framework-")), jars.toString());
        assertTrue(jars.stream().anyMatch(j -> j.startsWith("driver-kafka-")), jars.toString());
        assertEquals(List.of(), jars.stream().filter(j -> ImageContentsTest.BROKER_JAR.matcher(j).matches()).toList(),
                "broker jars in the archive");
    }

    @Test
    void itsLaunchersRunFromWhereverItIsUnpacked() throws Exception {
        Result help = run(List.of(home.resolve("bin/kbench").toString(), "--help"));
        assertEquals(0, help.exit(), help.out());
        assertTrue(help.out().contains("worker") && help.out().contains("find-max"), help.out());
        Result worker = run(List.of(home.resolve("bin/benchmark-worker").toString(), "--version"));
        assertEquals(0, worker.exit(), worker.out());
        assertTrue(worker.out().contains("kbench worker"), worker.out());
        Result unknown = run(List.of(home.resolve("bin/kbench").toString(), "fly"));
        assertEquals(2, unknown.exit(), unknown.out());
        assertTrue(unknown.out().contains("unknown command 'fly'"), unknown.out());
    }

    record Result(int exit, String out) {}

    static Result run(List<String> command) throws Exception {
        Path out = Files.createTempFile("kbench-release", ".txt");
        try {
            ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
            b.environment().put("JAVA_HOME", System.getProperty("java.home"));
            b.environment().put("KBENCH_JAVA_OPTS", "-Xmx256m");
            b.directory(new File(System.getProperty("java.io.tmpdir")));
            Process p = b.start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "timed out: " + command);
            }
            return new Result(p.exitValue(), Files.readString(out));
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
