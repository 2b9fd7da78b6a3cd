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
        return new DebianPackage("chromium", "Chromium", NAMES).findOrInstall(why);
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

}
