package io.kbench.cli;

import io.kbench.coordinator.Console;
import io.kbench.remote.HttpWorker;
import io.kbench.remote.Protocol;
import io.kbench.remote.WorkerInfo;
import io.kbench.time.BenchmarkClock;
import io.kbench.time.ClockOffset;
import io.kbench.util.Errors;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import io.kbench.worker.WorkerException;
import io.kbench.worker.WorkerRole;
import io.vertx.core.Vertx;
import io.vertx.core.net.PfxOptions;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * The remote worker agents of a command: checked once before anything runs (reachable, same
 * protocol, idle), then turned into a fresh {@link WorkerEnsemble} for each run, with each
 * worker's clock offset measured just before the run.
 */
final class RemoteWorkers implements AutoCloseable {

    static final Duration CALL_TIMEOUT = Duration.ofSeconds(15);
    static final int CLOCK_SAMPLES = 8;
    /** A worker being looked for ({@code --workers-dns}) answers this soon or is asked again later. */
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

    private final Vertx vertx = Vertx.vertx();
    private final WebClient client;
    private final List<String> urls = new ArrayList<>();
    private final List<WorkerRole> roles = new ArrayList<>();
    /** The zone the workers file gives a worker, by its URL. */
    private final Map<String, String> zones = new HashMap<>();
    private final String token;
    private List<ClockOffset> clocks = List.of();

    RemoteWorkers(WorkersFile file, String token, Path truststore, String truststorePassword) {
        this.token = token;
        WebClientOptions options = new WebClientOptions().setConnectTimeout((int) CALL_TIMEOUT.toMillis())
                .setUserAgent("kbench-coordinator");
        if (truststore != null) {
            options.setTrustOptions(new PfxOptions().setPath(truststore.toString()).setPassword(truststorePassword));
        }
        this.client = WebClient.create(vertx, options);
        add(file.workers(), WorkerRole.ANY);
        add(file.producerWorkers(), WorkerRole.PRODUCE);
        add(file.consumerWorkers(), WorkerRole.CONSUME);
        file.zones().forEach((url, zone) -> {
            String u = url == null ? "" : url.trim();
            if (!urls.contains(u)) {
                throw new IllegalArgumentException("the workers file gives a zone to " + u + ", which it does not list as a worker: "
                        + "name each worker under zones: as under workers:, e.g. zones: {" + (urls.isEmpty() ? "http://10.0.0.5:8080"
                        : urls.get(0)) + ": use1-az1}");
            }
            if (zone == null || zone.isBlank()) {
                throw new IllegalArgumentException("the workers file gives worker " + u + " an empty zone: name it, e.g. use1-az1");
            }
            zones.put(u, zone.trim());
        });
    }

    private void add(List<String> list, WorkerRole role) {
        for (String url : list) {
            String u = url.trim();
            if (!u.startsWith("http://") && !u.startsWith("https://")) {
                throw new IllegalArgumentException("worker address '" + u + "' must start with http:// or https://");
            }
            if (urls.contains(u)) {
                throw new IllegalArgumentException("worker " + u + " is listed twice");
            }
            urls.add(u);
            roles.add(role);
        }
    }

    /** Adds workers found by {@code --workers-dns}; they may run producers and consumers. */
    void addDiscovered(List<String> found) {
        add(found.stream().filter(url -> !urls.contains(url)).toList(), WorkerRole.ANY);
    }

    /** Null when the agent at {@code url} answers {@code GET /v1/info}, else why not (without the URL). */
    String probe(String url) {
        try {
            HttpWorker.info(url, client, token, PROBE_TIMEOUT);
            return null;
        } catch (WorkerException e) {
            String prefix = "worker " + url + " ";
            String message = e.getMessage();
            return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
        }
    }

    /** Checks every worker before the run: reachable, same protocol version, not busy. */
    void check(Console console) {
        List<String> problems = new ArrayList<>();
        for (String url : urls) {
            try {
                WorkerInfo info = HttpWorker.info(url, client, token, CALL_TIMEOUT);
                if (info.protocolVersion() != Protocol.VERSION) {
                    problems.add("worker " + url + " speaks protocol version " + info.protocolVersion() + " (kbench "
                            + info.kbenchVersion() + "), this coordinator version " + Protocol.VERSION
                            + ": run the same kbench version on both");
                } else if (info.busyWithRun() != null) {
                    problems.add("worker " + url + " is busy with run " + info.busyWithRun() + " of " + info.busyFor());
                } else {
                    console.line("Worker %s: %s, %d cores, kbench %s", url, info.workerId(), info.availableProcessors(), info.kbenchVersion());
                }
            } catch (WorkerException e) {
                problems.add(e.getMessage() + (e.getMessage().contains("refused") || e.getMessage().contains("Connection")
                        ? " (is bin/benchmark-worker running there?)" : ""));
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException(String.join("\n", problems));
        }
    }

    /** A fresh ensemble for one run, with clock offsets measured now. */
    WorkerEnsemble ensembleForRun(BenchmarkClock ours, Console console) {
        List<Worker> members = new ArrayList<>();
        List<ClockOffset> measured = new ArrayList<>();
        for (String url : urls) {
            List<ClockOffset.Sample> samples = new ArrayList<>();
            for (int i = 0; i < CLOCK_SAMPLES; i++) {
                samples.add(HttpWorker.clockSample(url, client, token, CALL_TIMEOUT, ours));
            }
            ClockOffset offset = ClockOffset.estimate(url, samples);
            measured.add(offset);
            members.add(new HttpWorker(url, client, token, CALL_TIMEOUT, offset, zones.get(url)));
            console.line(String.format(Locale.ROOT, "  clock of %s: %+.3f ms from ours (±%.3f ms)", url,
                    offset.offsetMicros() / 1e3, offset.errorBoundMicros() / 1e3));
        }
        clocks = List.copyOf(measured);
        return new WorkerEnsemble(members, roles);
    }

    List<ClockOffset> clocks() {
        return clocks;
    }

    @Override
    public void close() {
        try {
            client.close();
            vertx.close().await(Duration.ofSeconds(5));
        } catch (Exception e) {
            // closing the HTTP client is best effort
        }
    }

    static String describe(Throwable e) {
        return Errors.describeForUser(e);
    }
}
