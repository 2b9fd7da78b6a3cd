package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.kbench.workload.spec.RunSpecs;
import io.kbench.config.ConfigSource;
import io.kbench.config.PlaceholderResolver;
import io.kbench.coordinator.Console;
import io.kbench.coordinator.CoordinatorOptions;
import io.kbench.coordinator.CoordinatorInput;
import io.kbench.inmemory.InMemoryCluster;
import io.kbench.worker.DriverFile;
import io.kbench.workload.LoadedWorkload;
import io.kbench.workload.WorkloadLoader;
import io.kbench.workload.WorkloadOverrides;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Whole runs on the in-memory driver, for tests: one in-memory cluster per test, driver files that
 * name it, run specs, a console that can be read while the run goes on, and the checks that a run
 * left nothing behind.
 */
final class InMemoryRuns implements AutoCloseable {

    final InMemoryCluster cluster;
    private final ByteArrayOutputStream consoleBytes = new ByteArrayOutputStream();
    final Console console = new Console(new PrintStream(consoleBytes, true, StandardCharsets.UTF_8));

    InMemoryRuns() {
        this(System::nanoTime);
    }

    /** @param clock the monotonic nanoseconds the cluster's groups keep time on (the run's clock) */
    InMemoryRuns(java.util.function.LongSupplier clock) {
        cluster = InMemoryCluster.start("framework-" + UUID.randomUUID(), clock);
    }

    /** A driver file for this test's cluster, with more fields if given (YAML lines). */
    DriverFile driverFile(String moreFields) {
        return new DriverFile("inmemory.yaml", "name: in-memory\ndriverClass: inmemory\ncluster: " + cluster.name() + "\n" + moreFields, null);
    }

    static LoadedWorkload workload(String yaml) {
        return workload(ConfigSource.of("test-workload.yaml", yaml), WorkloadOverrides.NONE);
    }

    /** A workload file as the command line loads it, with its overrides (--duration, --warmup, ...). */
    static LoadedWorkload workload(ConfigSource file, WorkloadOverrides overrides) {
        return new WorkloadLoader(new PlaceholderResolver()).load(file, overrides);
    }

    /** Quick progress and samples, a short drain and lease, a stall noticed after 2 s. */
    static CoordinatorOptions options() {
        return CoordinatorOptions.defaults().withProgressInterval(Duration.ofMillis(200)).withSampleInterval(Duration.ofSeconds(1))
                .withDrainTimeout(Duration.ofSeconds(5)).withLease(Duration.ofSeconds(3)).withStallTimeout(Duration.ofSeconds(2));
    }

    CoordinatorInput spec(LoadedWorkload w, DriverFile driver, CoordinatorOptions options) {
        String runId = UUID.randomUUID().toString().substring(0, 8);
        return new CoordinatorInput(runId, w.workload(), RunSpecs.of(w.workload()), w.file(), w.payload(), driver, "in-memory", Map.of(), null, Map.of(), options,
                List.of(), null);
    }

    String consoleText() {
        synchronized (consoleBytes) {
            return consoleBytes.toString(StandardCharsets.UTF_8);
        }
    }

    /** Waits until the console shows {@code text} (e.g. the measurement starting). */
    void awaitConsole(String text, Duration limit) {
        await(limit, () -> consoleText().contains(text), () -> "the console never showed '" + text + "':\n" + consoleText());
    }

    /** The names of live threads of the in-memory driver serving the run's topics (they carry the run id). */
    static List<String> clientThreads(String runId) {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("kbench-inmemory-") && n.contains(runId)).toList();
    }

    /** The run left no topic on the cluster and no producer or consumer thread running. */
    void assertNothingLeftBehind(String runId) {
        assertEquals(Map.of(), cluster.topicPartitions(), "the run's topics were deleted");
        await(Duration.ofSeconds(10), () -> clientThreads(runId).isEmpty(), () -> "client threads still alive: " + clientThreads(runId));
    }

    static void await(Duration limit, BooleanSupplier condition, Supplier<String> failure) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail(failure.get());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted");
            }
        }
    }

    @Override
    public void close() {
        cluster.thaw();
        cluster.close();
    }
}
