package io.kbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Debian's Prometheus for the dashboard's test: found on the PATH, or installed with apt-get when missing (CI runs as
 * root; .ci/run installs it in the background). Started as a process of its own on 127.0.0.1, on a fresh storage
 * directory, never as the package's service; ended by its pid.
 */
final class PrometheusServer implements AutoCloseable {

    private final Process process;
    private final Path storage;
    private final Path log;
    final String url;

    private PrometheusServer(Process process, Path storage, Path log, String url) {
        this.process = process;
        this.storage = storage;
        this.log = log;
        this.url = url;
    }

    /**
     * The prometheus executable, installing Debian's package if it is missing.
     *
     * @return the executable, or null with {@code why} saying why there is none
     */
    static Path findOrInstall(StringBuilder why) throws Exception {
        Path found = awaitOtherInstaller();
        if (found != null) {
            return found;
        }
        if (!Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            why.append("Prometheus is not installed and there is no apt-get to install it (install Debian's prometheus package)");
            return null;
        }
        if (!"0".equals(run(List.of("id", "-u"), 10).trim())) {
            why.append("Prometheus is not installed and installing it needs root: run apt-get install -y prometheus");
            return null;
        }
        String update = run(List.of("apt-get", "update", "-qq"), 300);
        String install = run(List.of("apt-get", "install", "-y", "-qq", "-o", "DPkg::Lock::Timeout=300", "prometheus"), 600);
        found = find();
        if (found == null) {
            String text = update + install;
            why.append("apt-get install -y prometheus did not install Prometheus:\n")
                    .append(text.length() > 2_000 ? text.substring(text.length() - 2_000) : text);
        }
        return found;
    }

    /** The executable, once an apt-get already running (.ci/run's, in the background) has ended; up to 5 minutes. */
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
            Path p = Path.of(dir, "prometheus");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** Starts Prometheus with {@code config} on a free port of 127.0.0.1 and waits until it is ready. */
    static PrometheusServer start(Path executable, Path config) throws Exception {
        Path storage = Files.createTempDirectory("kbench-prometheus-");
        Path log = storage.resolveSibling(storage.getFileName() + ".log");
        int port = WorkerProcesses.freePort();
        Process p = new ProcessBuilder(executable.toString(), "--config.file=" + config, "--storage.tsdb.path=" + storage,
                "--web.listen-address=127.0.0.1:" + port, "--log.level=warn")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        PrometheusServer server = new PrometheusServer(p, storage, log, "http://127.0.0.1:" + port);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!server.ready()) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("Prometheus did not become ready:\n" + Files.readString(log));
                }
                Thread.sleep(200);
            }
            return server;
        } catch (Exception e) {
            server.close();
            throw e;
        }
    }

    private boolean ready() {
        try {
            return get("/-/ready").statusCode() == 200;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** The series an instant query returns now (its {@code data.result}). */
    JsonNode query(String promql) throws Exception {
        HttpResponse<String> r = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        JsonNode body = Cli.JSON.readTree(r.body());
        if (r.statusCode() != 200 || !"success".equals(body.path("status").asText())) {
            throw new AssertionError("Prometheus refused " + promql + ": " + r.body());
        }
        return body.path("data").path("result");
    }

    /** The scrape targets and their health, for failure messages. */
    String targets() throws Exception {
        return get("/api/v1/targets").body();
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() throws Exception {
        process.destroy(); // by its pid, as started
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        try (Stream<Path> files = Files.walk(storage)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
        Files.deleteIfExists(log);
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
