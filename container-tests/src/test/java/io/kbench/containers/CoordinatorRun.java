package io.kbench.containers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * One coordinator container from the image, run to its end: its console as it comes (with the
 * time each line arrived), its exit code, and the result it wrote to a mounted results directory.
 */
final class CoordinatorRun {

    /** A console line and when it arrived (System.nanoTime()). */
    record Line(long atNanos, String text) {}

    private final ContainerSuite suite;
    private final String name;
    private final Path results;
    private final Process process;
    private final List<Line> lines = new CopyOnWriteArrayList<>();
    private final Thread reader;
    private volatile long exitedAtNanos;

    private CoordinatorRun(ContainerSuite suite, String name, Path results, Process process) {
        this.suite = suite;
        this.name = name;
        this.results = results;
        this.process = process;
        this.reader = new Thread(this::read, name + "-console");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts the coordinator container {@code name} at host number {@code host} of the suite's
     * network, with the workload file from the test resources mounted where the command expects it.
     */
    static CoordinatorRun start(ContainerSuite suite, String shortName, int host, String workloadResource, List<String> args) {
        Path runDir = freshRunDir(suite, shortName);
        Path workloads = runDir.resolve("workloads");
        try {
            Files.createDirectories(workloads);
            try (var in = CoordinatorRun.class.getResourceAsStream("/" + workloadResource)) {
                if (in == null) {
                    throw new IllegalArgumentException("no test resource " + workloadResource);
                }
                Files.copy(in, workloads.resolve(workloadResource));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path results = runDir.resolve("results");
        System.out.println("[" + shortName + "] kbench " + String.join(" ", args));
        return launch(suite, shortName, host, results, List.of(
                "-e", "KAFKA_BOOTSTRAP_SERVERS=" + suite.brokerAddress(),
                "-v", suite.tokenFile + ":" + CoordinatorCommand.TOKEN_FILE + ":ro",
                "-v", results + ":" + CoordinatorCommand.RESULTS,
                "-v", workloads + ":" + CoordinatorCommand.WORKLOADS + ":ro"), args);
    }

    /**
     * Starts the chart's run Job as a coordinator container: its command in place of the image's entry point,
     * its arguments and environment as rendered, the token, the ConfigMap's files and the results volume
     * mounted where the pod mounts them.
     */
    static CoordinatorRun startJob(ContainerSuite suite, String shortName, int host, ChartJob job) {
        Path runDir = freshRunDir(suite, shortName);
        Path files = runDir.resolve("run-files");
        try {
            Files.createDirectories(files);
            for (var f : job.files().entrySet()) {
                Files.writeString(files.resolve(f.getKey()), f.getValue());
            }
            Files.setPosixFilePermissions(files, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path results = runDir.resolve("results");
        List<String> options = new ArrayList<>();
        job.env().forEach((k, v) -> options.addAll(List.of("-e", k + "=" + v)));
        options.addAll(List.of("--entrypoint", json(job.command()),
                "-v", suite.tokenFile + ":" + ChartJob.TOKEN_FILE + ":ro",
                "-v", files + ":" + ChartJob.FILES_DIR + ":ro",
                "-v", results + ":" + ChartJob.RESULTS_DIR));
        System.out.println("[" + shortName + "] the chart's Job: command " + job.command() + "\n  args " + job.args());
        return launch(suite, shortName, host, results, options, job.args());
    }

    private static Path freshRunDir(ContainerSuite suite, String shortName) {
        Path runDir = suite.dir.resolve("runs").resolve(shortName);
        try {
            if (Files.exists(runDir)) {
                try (Stream<Path> old = Files.walk(runDir)) {
                    old.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
                }
            }
            Path results = Files.createDirectories(runDir.resolve("results"));
            // Written by the container's uid 10001.
            Files.setPosixFilePermissions(results, PosixFilePermissions.fromString("rwxrwxrwx"));
            return runDir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static CoordinatorRun launch(ContainerSuite suite, String shortName, int host, Path results, List<String> options,
            List<String> args) {
        String name = suite.prefix + "-" + shortName;
        suite.remove(name);
        List<String> command = new ArrayList<>(List.of("run", "--name", name, "--network", suite.network,
                "--ip", suite.subnetPrefix + "." + host, "--memory", "768m"));
        command.addAll(ContainerSuite.C1_ONLY);
        command.addAll(options);
        command.add(suite.image());
        command.addAll(args);
        suite.track(name);
        try {
            Process p = suite.podman.builder(command).redirectErrorStream(true).start();
            return new CoordinatorRun(suite, name, results, p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A command as podman's --entrypoint takes a list: a JSON array. */
    private static String json(List<String> command) {
        try {
            return new ObjectMapper().writeValueAsString(command);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                lines.add(new Line(System.nanoTime(), line));
                System.out.println("  | " + line);
            }
        } catch (IOException e) {
            lines.add(new Line(System.nanoTime(), "(console read failed: " + e + ")"));
        }
    }

    /** Waits for a console line; null if none came in time (or the coordinator ended first). */
    Line awaitLine(Predicate<String> wanted, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (Line l : lines) {
                if (wanted.test(l.text())) {
                    return l;
                }
            }
            if (!process.isAlive() && !reader.isAlive()) {
                return null;
            }
            ContainerSuite.sleep(Duration.ofMillis(50));
        }
        return null;
    }

    /** Waits for the coordinator to end; its exit code (-1 if it did not end in time, and then it is killed). */
    int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                suite.remove(name);
                process.destroyForcibly();
                return -1;
            }
            exitedAtNanos = System.nanoTime();
            reader.join(5_000);
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    long exitedAtNanos() {
        return exitedAtNanos;
    }

    String console() {
        StringBuilder b = new StringBuilder();
        for (Line l : lines) {
            b.append(l.text()).append('\n');
        }
        return b.toString();
    }

    /** The one result JSON the run wrote (a failed run's goes to failed/ under the results directory; a Job's under its own). */
    JsonNode result() {
        try (Stream<Path> files = Files.walk(results, 3)) {
            List<Path> json = files.filter(p -> p.toString().endsWith(".json")).toList();
            if (json.size() != 1) {
                throw new AssertionError("expected one result file in " + results + ", found " + json + "; console:\n" + console());
            }
            return new ObjectMapper().readTree(json.get(0).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void remove() {
        suite.remove(name);
    }
}
