package io.kbench.containers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The podman command line with this suite's own storage, run directory, network configurations and
 * containers.conf, so that the tests neither see nor disturb anybody else's containers.
 */
final class Podman {

    /** What a podman command did. */
    record Result(int exitCode, String out, String err) {
        boolean ok() {
            return exitCode == 0;
        }

        String describe() {
            return "exit " + exitCode + (err.isBlank() ? "" : ": " + err.strip());
        }
    }

    private final List<String> global;
    private final Path conf;

    Podman(Path dir, Path runDir) {
        this.conf = dir.resolve("containers.conf");
        this.global = List.of("podman", "--root", dir.resolve("storage").toString(), "--runroot", runDir.toString(),
                "--network-config-dir", dir.resolve("networks").toString());
        try {
            Files.createDirectories(dir.resolve("networks"));
            Files.createDirectories(runDir);
            // What podman needs on these kernels: runc (crun fails on hybrid cgroups), cgroupfs, events to a
            // file, and limits root may set (open files are capped below crun's default).
            // Written aside and moved into place: the other test JVM's podman may be reading it.
            Path written = Files.createTempFile(dir, "containers", ".conf");
            Files.writeString(written, """
                    [containers]
                    default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
                    [engine]
                    runtime = "runc"
                    cgroup_manager = "cgroupfs"
                    events_logger = "file"
                    [network]
                    network_backend = "netavark"
                    """);
            Files.move(written, conf, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Result run(Duration timeout, String... args) {
        return run(timeout, List.of(args));
    }

    Result run(Duration timeout, List<String> args) {
        try {
            Path out = Files.createTempFile("podman-out", ".txt");
            Path err = Files.createTempFile("podman-err", ".txt");
            try {
                Process p = builder(args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly().waitFor();
                    return new Result(-1, Files.readString(out), "timed out after " + timeout.toSeconds() + " s: podman "
                            + String.join(" ", args));
                }
                return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            return new Result(-1, "", "cannot run podman: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "", "interrupted");
        }
    }

    /** Runs a podman command and fails the test with its error if it fails. */
    String must(Duration timeout, String... args) {
        Result r = run(timeout, args);
        if (!r.ok()) {
            throw new IllegalStateException("podman " + String.join(" ", args) + " failed: " + r.describe());
        }
        return r.out().strip();
    }

    /** A process builder for a podman command that runs a while (its output read as it comes). */
    ProcessBuilder builder(List<String> args) {
        List<String> command = new ArrayList<>(global);
        command.addAll(args);
        ProcessBuilder b = new ProcessBuilder(command);
        b.environment().put("CONTAINERS_CONF", conf.toString());
        return b;
    }
}
