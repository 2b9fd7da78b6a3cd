package io.kbench.it;

import io.kbench.kafka.local.ClassDataArchive;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A JVM of the tool's own (bin/benchmark's coordinator or bin/benchmark-worker's agent) that a test starts as a
 * process. It compiles with C1 only, as the suite's brokers do: it lives a test or two at a few thousand messages a
 * second, and the suite is CPU-bound on 2 cores. The JVMs of one class path share a class-data archive
 * ({@link ClassDataArchive}), so each maps the classes the first one loaded instead of parsing them again.
 */
final class ToolJvm {

    /** The coordinator's main class (bin/benchmark). */
    static final String COORDINATOR = "io.kbench.cli.BenchmarkMain";
    /** The worker agent's main class (bin/benchmark-worker). */
    static final String AGENT = "io.kbench.agent.WorkerMain";

    /**
     * This JVM's class path without this module's own classes, which the tool does not need: what remains is jars when
     * Maven's reactor has packaged the modules (verify), and then the JVMs share a class-data archive.
     */
    private static final String CLASSPATH = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> !Path.of(entry).toAbsolutePath().startsWith(Path.of("target").toAbsolutePath()))
            .collect(Collectors.joining(File.pathSeparator));

    private ToolJvm() {}

    /**
     * The command up to and including the main class; the caller appends the tool's arguments.
     *
     * @param jvmOptions e.g. {@code -Xmx512m}, {@code -Dkbench.log.level=INFO}
     */
    static List<String> command(String mainClass, String... jvmOptions) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1"));
        command.addAll(List.of(jvmOptions));
        command.addAll(ClassDataArchive.options(CLASSPATH));
        command.addAll(List.of("-cp", CLASSPATH, mainClass));
        return command;
    }

    /** Starts {@code pb}, whose command came from {@link #command}, and completes the archive its JVM may write at exit. */
    static Process start(ProcessBuilder pb) throws IOException {
        List<String> command = List.copyOf(pb.command());
        Process p = pb.start();
        p.onExit().thenAccept(ended -> ClassDataArchive.afterExit(command, ended.exitValue()));
        return p;
    }
}
