package io.kbench.endtoend;

import io.kbench.agent.AgentOptions;
import io.kbench.agent.WorkerAgent;
import io.kbench.coordinator.Coordinator;
import io.kbench.coordinator.CoordinatorInput;
import io.kbench.coordinator.CoordinatorOptions;
import io.kbench.coordinator.StopSignal;
import io.kbench.remote.HttpWorker;
import io.kbench.result.RunResult;
import io.kbench.time.SteppedClock;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Whole runs in this JVM on one clock: the coordinator and N worker agents talk real HTTP on
 * 127.0.0.1, the agents' in-memory drivers share one in-memory cluster, and every one of them (the
 * coordinator's phases, progress and lease, the agents' leases, the producers' pacing, the cluster's
 * group sessions) keeps time on one {@link SteppedClock}.
 *
 * <p>A ticker moves that clock {@link #STEP} at a time, one step per {@link #REAL_PAUSE} of real time:
 * a run's minute passes in a few seconds, and what a test checks in run time (a lease, a stall limit, a
 * warmup, an event's moment, a search's steps) is read on the clock, not the machine's. A test that
 * needs time to stand still holds the ticker ({@link #hold}) and moves the clock itself.
 */
final class OneClock implements AutoCloseable {

    static final String TOKEN = "one-clock-token";
    /** Run time per step: a tenth of the shortest period the tests use (100 ms progress). */
    static final Duration STEP = Duration.ofMillis(10);
    /** Real time between steps: run time then goes about ten times as fast as real time. */
    static final Duration REAL_PAUSE = Duration.ofMillis(1);

    final SteppedClock clock = new SteppedClock();
    final InMemoryRuns runs = new InMemoryRuns(clock::nanoTime);
    private final List<WorkerAgent> agents = new ArrayList<>();
    private final Vertx vertx = Vertx.vertx();
    final WebClient client = WebClient.create(vertx);
    private final Thread ticker;
    private volatile boolean held;
    private volatile boolean closed;

    OneClock() {
        ticker = new Thread(this::tick, "one-clock-ticker");
        ticker.setDaemon(true);
        ticker.start();
    }

    private void tick() {
        while (!closed) {
            if (!held) {
                clock.advanceNanos(STEP.toNanos());
            }
            LockSupport.parkNanos(REAL_PAUSE.toNanos());
        }
    }

    /** Stops the ticker: the clock then moves only when the test moves it. */
    void hold() {
        held = true;
    }

    void release() {
        held = false;
    }

    /** Moves the clock by hand (with the ticker held, only this moves it), then lets the run's threads see it. */
    void advanceMillis(long millis) {
        clock.advanceMillis(millis);
        awaitQuiet();
    }

    /**
     * A moment of real time for the threads woken by a move of the clock to act on it: longer than the agents'
     * housekeeping period (250 ms), which looks at their leases.
     */
    private static void awaitQuiet() {
        LockSupport.parkNanos(Duration.ofMillis(400).toNanos());
    }

    /** An agent on this clock, over HTTP on 127.0.0.1 (a free port). */
    WorkerAgent agent(String id) {
        return agent(new AgentOptions("127.0.0.1", 0, id, TOKEN, null, null, null));
    }

    WorkerAgent agent(AgentOptions options) {
        WorkerAgent a = WorkerAgent.start(options, clock);
        agents.add(a);
        return a;
    }

    List<WorkerAgent> agents(int n) {
        List<WorkerAgent> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(agent("agent-" + (char) ('a' + i)));
        }
        return out;
    }

    /** The coordinator's side of an agent: its HTTP client, on this clock. */
    HttpWorker http(WorkerAgent agent) {
        return new HttpWorker(agent.url(), client, TOKEN, Duration.ofSeconds(10), null);
    }

    /**
     * Options for runs on this clock: 100 ms progress and 1 s periods. The lease and the stall limit are
     * long in run time (a second of real time and more), so that a busy machine does not end a run that is well.
     */
    static CoordinatorOptions options() {
        return CoordinatorOptions.defaults().withProgressInterval(Duration.ofMillis(100)).withSampleInterval(Duration.ofSeconds(1))
                .withDrainTimeout(Duration.ofSeconds(10)).withLease(Duration.ofSeconds(15)).withStallTimeout(Duration.ofSeconds(15));
    }

    /** Runs {@code spec} on the agents, to its end. */
    RunResult run(List<WorkerAgent> on, CoordinatorInput spec) {
        return run(on, spec, new StopSignal());
    }

    RunResult run(List<WorkerAgent> on, CoordinatorInput spec, StopSignal stop) {
        List<Worker> members = new ArrayList<>();
        on.forEach(a -> members.add(http(a)));
        try (WorkerEnsemble workers = WorkerEnsemble.of(members)) {
            return new Coordinator(workers, clock, stop, runs.console).run(spec);
        }
    }

    CompletableFuture<RunResult> runInBackground(List<WorkerAgent> on, CoordinatorInput spec, StopSignal stop) {
        return CompletableFuture.supplyAsync(() -> run(on, spec, stop));
    }

    /** Returns once {@code d} of run time has passed (the ticker moves it; a real-time limit guards a stuck clock). */
    void awaitRunTime(Duration d) {
        long until = clock.nanoTime() + d.toNanos();
        InMemoryRuns.await(Duration.ofSeconds(30), () -> clock.nanoTime() >= until,
                () -> "the clock did not move " + d.toMillis() + " ms in 30 s of real time" + (held ? " (held)" : ""));
    }

    /** Run time since {@code startNanos} (a reading of {@link #clock}), in seconds. */
    double secondsSince(long startNanos) {
        return (clock.nanoTime() - startNanos) / 1e9;
    }

    @Override
    public void close() throws Exception {
        agents.forEach(WorkerAgent::close);
        closed = true;
        ticker.join(TimeUnit.SECONDS.toMillis(5));
        client.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        runs.close();
    }
}
