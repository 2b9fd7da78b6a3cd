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
        return new DebianPackage("prometheus", "Prometheus", List.of("prometheus")).findOrInstall(why);
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

}
