package io.kbench.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's headless Chromium for the report's browser test: found on the PATH, or installed with
 * apt-get when missing (CI runs as root). Started with every background-networking feature off, on a
 * fresh profile, with the DevTools protocol on a port of 127.0.0.1 only.
 */
final class Chromium implements AutoCloseable {

    private static final List<String> NAMES = List.of("chromium", "chromium-browser");

    private final Process process;
    private final Path profile;
    final String browserWebSocket;

    private Chromium(Process process, Path profile, String browserWebSocket) {
        this.process = process;
        this.profile = profile;
        this.browserWebSocket = browserWebSocket;
    }

    /**
     * The browser's executable, installing Debian's chromium package if it is missing.
     *
     * @return the executable, or null with {@code why} saying why there is none
     */
    static Path findOrInstall(StringBuilder why) throws Exception {
        Path found = awaitOtherInstaller();
        if (found != null) {
            return found;
        }
        if (!Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            why.append("Chromium is not installed and there is no apt-get to install it (install Debian's chromium package)");
            return null;
        }
        if (!"0".equals(run(List.of("id", "-u"), 10).trim())) {
            why.append("Chromium is not installed and installing it needs root: run apt-get install -y chromium");
            return null;
        }
        String update = run(List.of("apt-get", "update", "-qq"), 300);
        String install = run(List.of("apt-get", "install", "-y", "-qq", "-o", "DPkg::Lock::Timeout=300", "chromium"), 600);
        found = find();
        if (found == null) {
            why.append("apt-get install -y chromium did not install Chromium:\n").append(tail(update + install));
        }
        return found;
    }

    /**
     * The browser, once an apt-get already running has ended (.ci/run installs Chromium in the background while Maven
     * builds): a second apt-get would fail on its lock. Waits up to 5 minutes; null if there is still none.
     */
    private static Path awaitOtherInstaller() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        Path found = find();
        while (found == null && System.nanoTime() < deadline
                && ProcessHandle.allProcesses().anyMatch(p -> p.info().command().orElse("").endsWith("/apt-get"))) {
            Thread.sleep(1_000);
            found = find();
        }
        return found;
    }

    private static Path find() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            for (String name : NAMES) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    static Chromium start(Path executable) throws Exception {
        Path profile = Files.createTempDirectory("kbench-chromium-");
        List<String> command = new ArrayList<>(List.of(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-default-apps", "--disable-extensions", "--mute-audio",
                "--user-data-dir=" + profile, "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                "--window-size=1400,1000", "about:blank"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        CompletableFuture<String> endpoint = new CompletableFuture<>();
        List<String> output = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            Pattern listening = Pattern.compile("DevTools listening on (ws://\\S+)");
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    output.add(line);
                    Matcher m = listening.matcher(line);
                    if (m.find()) {
                        endpoint.complete(m.group(1));
                    }
                }
            } catch (IOException ignored) {
                // the browser ended
            }
            endpoint.completeExceptionally(new IllegalStateException("Chromium exited before DevTools listened:\n"
                    + String.join("\n", output)));
        }, "chromium-output");
        reader.setDaemon(true);
        reader.start();
        try {
            return new Chromium(p, profile, endpoint.get(60, TimeUnit.SECONDS));
        } catch (Exception e) {
            p.destroyForcibly();
            throw e;
        }
    }

    @Override
    public void close() throws Exception {
        // Chromium's helper processes write to the profile too: end them with the browser, then delete what is left.
        List<ProcessHandle> helpers = process.descendants().toList();
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        for (ProcessHandle h : helpers) {
            h.destroyForcibly();
            try {
                h.onExit().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException stillThere) {
                // deleting the profile below is best effort anyway
            }
        }
        // Best effort: a file that vanishes while the walk runs is one less to delete (a CI run met
        // ".org.chromium.Chromium.Network Persistent State.UVlNm4" that way).
        for (int attempt = 0; attempt < 3 && Files.exists(profile); attempt++) {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            } catch (java.io.UncheckedIOException | java.nio.file.NoSuchFileException e) {
                Thread.sleep(200);
            }
        }
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

    private static String tail(String text) {
        return text.length() > 2_000 ? text.substring(text.length() - 2_000) : text;
    }
}
