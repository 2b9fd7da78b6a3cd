package io.kbench.features.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import io.kbench.workload.LoadedWorkload;
import io.kbench.workload.Workload;
import io.kbench.workload.WorkloadLoader;
import io.kbench.workload.WorkloadOverrides;
import io.kbench.workload.spec.RunSpecs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A workload's drift section: bound with its defaults, bad input refused in one line before anything runs. */
class DriftChecksTest {

    @TempDir
    Path dir;

    private static final String BASE = "messageSize: 100\nproducerRate: 100\ntestDuration: 60s\n";

    private LoadedWorkload load(Path f) throws IOException {
        return new WorkloadLoader(new PlaceholderResolver()).load(f, WorkloadOverrides.NONE);
    }

    private LoadedWorkload load(String yaml) throws IOException {
        return load(Files.writeString(dir.resolve("w.yaml"), yaml));
    }

    private ConfigException fails(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml));
    }

    @Test
    void withoutTheSectionEveryMeasuredFigureIsJudgedWithTheDefaults() throws IOException {
        Workload w = load(BASE).workload();
        DriftSettings s = DriftSettings.of(w, RunSpecs.of(w));
        assertEquals(List.of(Figure.values()), s.figures());
        assertEquals(Duration.ofSeconds(20), s.minimumWindow());
        assertEquals(0.01, s.alpha());

        Workload produceOnly = load(BASE + "subscriptionsPerTopic: 0\n").workload();
        assertEquals(List.of(Figure.THROUGHPUT, Figure.PUBLISH_P99), DriftSettings.of(produceOnly, RunSpecs.of(produceOnly)).figures());

        Workload ramp = load("messageSize: 100\ntestDuration: 60s\nproducerRateRamp: {from: 100, to: 1000, over: 60s}\n").workload();
        assertEquals(List.of(Figure.PUBLISH_P99, Figure.END_TO_END_P99, Figure.CONSUMER_LAG), DriftSettings.of(ramp, RunSpecs.of(ramp))
                .figures(), "a ramped rate's throughput moves by design");
    }

    @Test
    void theSectionNamesTheFiguresAndHowStrictly() throws IOException {
        Workload w = load(BASE + "drift:\n  metrics: [publish-p99, Consumer-Lag]\n  minimumWindow: 5m\n  alpha: 0.05\n").workload();
        DriftSettings s = DriftSettings.of(w, RunSpecs.of(w));
        assertEquals(List.of(Figure.PUBLISH_P99, Figure.CONSUMER_LAG), s.figures());
        assertEquals(Duration.ofMinutes(5), s.minimumWindow());
        assertEquals(0.05, s.alpha());
    }

    @Test
    void anUnknownMetricNamesTheLineTheNearestNameAndEveryAllowedOne() {
        ConfigException e = fails(BASE + "drift:\n  metrics:\n    - throughput\n    - publish.p99\n");
        assertEquals(7, e.line());
        assertTrue(e.problem().contains("drift.metrics[1] 'publish.p99' is unknown; did you mean 'publish-p99'? Allowed: "
                + "throughput, publish-p99, end-to-end-p99, consumer-lag"), e.problem());
        assertEquals(1, e.problem().lines().count(), e.problem());
    }

    @Test
    void aWindowShorterThanItsMinimumIsRefused() {
        ConfigException e = fails(BASE + "drift:\n  minimumWindow: 5s\n");
        assertEquals(5, e.line());
        assertTrue(e.problem().contains("drift.minimumWindow 5s is shorter than its minimum: at least 10s (a trend needs 10 periods or "
                + "more, e.g. --sample-interval 1s)"), e.problem());
        assertEquals(1, e.problem().lines().count(), e.problem());
    }

    @Test
    void anAlphaOutOfRangeAndACountedRunAreRefused() {
        assertTrue(fails(BASE + "drift:\n  alpha: 0.5\n").problem().contains("drift.alpha 0.5 is out of range: above 0 and at most 0.1"));
        assertTrue(fails("messageSize: 100\nproducerRate: -1\nmessageCount: 1000\ndrift:\n  alpha: 0.01\n").problem()
                .contains("drift judges the figures of a timed measurement: use testDuration instead of messageCount, or remove drift"));
    }

    @Test
    void theShippedSoakWorkloadsAreValid() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("..", "workloads", "soak"))) {
            List<Path> yamls = files.filter(p -> p.toString().endsWith(".yaml")).toList();
            assertTrue(!yamls.isEmpty());
            for (Path f : yamls) {
                Workload w = load(f).workload();
                assertTrue(!DriftSettings.of(w, RunSpecs.of(w)).figures().isEmpty(), f.toString());
            }
        }
    }
}
