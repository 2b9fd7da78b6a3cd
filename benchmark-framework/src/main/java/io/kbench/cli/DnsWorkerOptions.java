package io.kbench.cli;

import io.kbench.config.DurationParser;
import io.kbench.coordinator.Console;
import io.kbench.time.BenchmarkClock;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

import io.kbench.config.DurationConverter;
/** The options that find workers by DNS ({@code --workers-dns}); part of {@link RunnerOptions}. */
final class DnsWorkerOptions {

    /** The wait with {@code --expect-workers} and no {@code --workers-wait}. */
    static final Duration DEFAULT_WAIT = Duration.ofMinutes(5);

    @Option(names = WorkersDns.OPTION, paramLabel = "NAME:PORT",
            description = "Use every address the DNS name resolves to (A and AAAA records) as a worker at PORT, e.g. a "
                    + "Kubernetes headless Service: kbench-worker.kbench.svc.cluster.local:8080 (https://NAME:PORT for TLS "
                    + "workers). Together with --workers and --workers-file if given.")
    String workersDns;

    @Option(names = "--expect-workers", paramLabel = "N",
            description = "With --workers-dns: look the name up again and wait until N workers answer GET /v1/info "
                    + "(at most --workers-wait). Without it the addresses found by the first lookup are used.")
    Integer expectWorkers;

    @Option(names = "--workers-wait", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "With --workers-dns: how long to wait for the name to resolve and for --expect-workers to "
                    + "answer (default: 5m with --expect-workers, else 0s: one lookup).")
    Duration workersWait;

    boolean given() {
        return workersDns != null;
    }

    /** A problem with these options (one line), or null. */
    String problem() {
        if (workersDns == null) {
            if (expectWorkers != null || workersWait != null) {
                return (expectWorkers != null ? "--expect-workers" : "--workers-wait") + " goes with --workers-dns NAME:PORT"
                        + " (the name whose addresses are the workers)";
            }
            return null;
        }
        try {
            WorkersDns.parse(workersDns);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        if (expectWorkers != null && expectWorkers < 1) {
            return "--expect-workers must be at least 1, got " + expectWorkers;
        }
        if (workersWait != null && workersWait.isNegative()) {
            return "--workers-wait must be 0s or more, e.g. 5m, got " + DurationParser.format(workersWait);
        }
        return null;
    }

    private Duration waitOrDefault() {
        return workersWait != null ? workersWait : expectWorkers != null ? DEFAULT_WAIT : Duration.ZERO;
    }

    /** Looks the workers up (and waits for them, when a count is expected), asking each with {@code remote}'s client. */
    List<String> discover(RemoteWorkers remote, Console console) throws WorkerDiscovery.NotFound {
        WorkerDiscovery discovery = new WorkerDiscovery(host -> List.of(InetAddress.getAllByName(host)), remote::probe,
                BenchmarkClock.system(), console::line);
        return discovery.find(WorkersDns.parse(workersDns), expectWorkers, waitOrDefault());
    }
}
