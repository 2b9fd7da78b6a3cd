package io.kbench.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A program a test needs from one of Debian's packages (the report's Chromium, the dashboard's Prometheus): found on the
 * PATH, or installed with apt-get when missing (CI runs as root). .ci/run installs them in the background while Maven
 * builds; a second apt-get would fail on its lock, so an apt-get already running is waited for first.
 *
 * @param pkg the Debian package
 * @param what the program's name in messages
 * @param names the executable's names, any of which will do
 */
record DebianPackage(String pkg, String what, List<String> names) {

    /** The executable, installing the package if it is missing; null with {@code why} saying why there is none. */
    Path findOrInstall(StringBuilder why) throws Exception {
        Path found = awaitOtherInstaller();
        if (found != null) {
            return found;
        }
        if (!Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            why.append(what + " is not installed and there is no apt-get to install it (install Debian's " + pkg + " package)");
            return null;
        }
        if (!"0".equals(run(List.of("id", "-u"), 10).trim())) {
            why.append(what + " is not installed and installing it needs root: run apt-get install -y " + pkg);
            return null;
        }
        String update = run(List.of("apt-get", "update", "-qq"), 300);
        String install = run(List.of("apt-get", "install", "-y", "-qq", "-o", "DPkg::Lock::Timeout=300", pkg), 600);
        found = find();
        if (found == null) {
            String text = update + install;
            why.append("apt-get install -y " + pkg + " did not install " + what + ":\n")
                    .append(text.length() > 2_000 ? text.substring(text.length() - 2_000) : text);
        }
        return found;
    }

    /** The executable, once an apt-get already running has ended; up to 5 minutes; null if there is still none. */
    private Path awaitOtherInstaller() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        Path found = find();
        while (found == null && System.nanoTime() < deadline
                && ProcessHandle.allProcesses().anyMatch(p -> p.info().command().orElse("").endsWith("/apt-get"))) {
            Thread.sleep(1_000);
            found = find();
        }
        return found;
    }

    private Path find() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            for (String name : names) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    private static String run(List<String> command, int timeoutSeconds) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return e.toString();
            }
        });
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return String.join(" ", command) + ": no answer in " + timeoutSeconds + " s";
        }
        return out.get(10, TimeUnit.SECONDS);
    }
}
