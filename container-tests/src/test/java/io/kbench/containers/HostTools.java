package io.kbench.containers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the container tests need on the host (podman, netavark, libfaketime): installed from Debian's
 * packages when missing, as root. Says why not when it cannot.
 */
final class HostTools {

    static final Path LIBFAKETIME = Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1");

    static final List<String> PACKAGES = List.of("podman", "runc", "conmon", "catatonit", "uidmap", "iptables",
            "netavark", "aardvark-dns", "containernetworking-plugins", "fuse-overlayfs", "slirp4netns", "libfaketime");

    private HostTools() {}

    /** Null when everything is there (installing what was missing), else why the tests cannot run. */
    static String ensureInstalled() {
        if (present()) {
            return null;
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            return "podman, netavark or libfaketime is missing and installing them needs root (apt-get install "
                    + String.join(" ", PACKAGES) + ")";
        }
        if (!Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            return "podman, netavark or libfaketime is missing and there is no apt-get to install them";
        }
        // Another apt-get (.ci/run's background install, or the end-to-end tests' Chromium beside this module) holds the
        // locks that a second one fails on: wait for it first, and let the install wait for the package lock.
        awaitOtherApt();
        if (present()) {
            return null;
        }
        String failed = sh("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 "
                + "--no-install-recommends "
                + String.join(" ", PACKAGES));
        if (failed != null) {
            return "installing " + String.join(" ", PACKAGES) + " failed: " + failed;
        }
        return present() ? null : "podman, netavark or libfaketime is still missing after apt-get install";
    }

    /** Waits up to 5 minutes while another apt-get runs. */
    private static void awaitOtherApt() {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < deadline
                && ProcessHandle.allProcesses().anyMatch(p -> p.info().command().orElse("").endsWith("/apt-get"))) {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static boolean present() {
        return Files.isExecutable(Path.of("/usr/bin/podman")) && Files.isExecutable(Path.of("/usr/lib/podman/netavark"))
                && Files.exists(LIBFAKETIME);
    }

    private static String sh(String command) {
        try {
            Path log = Files.createTempFile("kbench-apt", ".log");
            Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return "timed out after 10 minutes";
            }
            String out = Files.readString(log);
            Files.deleteIfExists(log);
            return p.exitValue() == 0 ? null : "exit " + p.exitValue() + ": " + out.lines().reduce((a, b) -> b).orElse("");
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
