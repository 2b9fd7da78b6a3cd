package io.kbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.workload.spec.RunSpecs;
import io.kbench.features.backlog.BacklogPhase;
import io.kbench.features.backlog.CatchUp;
import io.kbench.config.ConfigSource;
import io.kbench.config.PlaceholderResolver;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.time.ManualClock;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import io.kbench.workload.Workload;
import io.kbench.workload.WorkloadLoader;
import io.kbench.workload.WorkloadOverrides;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The backlog's build and drain on a manual clock: a simulated worker publishes 1,000 msg/s of
 * 1 KiB and, once resumed, reads 3,000 msg/s. The target is 0.01 GB: 10,485 messages, drained to 1,000.
 */
@Timeout(10)
class BacklogPhasesTest {

    private static final long T0 = 1_000_000_000L;
    private static final double MB = 1024.0 * 1024.0;

    private final ManualClock clock = new ManualClock(T0, 1_700_000_000_000_000L);
    private final BacklogWorker worker = new BacklogWorker(clock, 1_000, 3_000, 1_024, 2_000, 4_000_000);
    private final WorkerEnsemble workers = WorkerEnsemble.of(List.<Worker>of(worker));
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final Console console = new Console(new PrintStream(printed, true, StandardCharsets.UTF_8));
    private final RunRecorder record = new RunRecorder(clock, List.of(new ConsoleListener(console)));

    @AfterEach
    void close() {
        workers.close();
    }

    private static Workload workload() {
        String yaml = """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                subscriptionsPerTopic: 1
                producerRate: 1000
                consumerBacklogSizeGB: 0.01
                testDuration: 5s
                """;
        return new WorkloadLoader(new PlaceholderResolver()).load(ConfigSource.of("backlog.yaml", yaml), WorkloadOverrides.NONE)
                .workload();
    }

    private CatchUp run() {
        PeriodCollector collector = new PeriodCollector(workers, new Waiter(clock, new StopSignal()), Duration.ofSeconds(1), T0, 1,
                record::addProgress, Duration.ofSeconds(10), record::addSample, null);
        return (CatchUp) new BacklogPhase().run(new CollectorContext(workers, collector, record, RunSpecs.of(workload()), clock,
                Duration.ofSeconds(60))).section();
    }

    private List<String> lines() {
        return printed.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void theBuildEndsAtTheTargetAndTheDrainAtTheDrainLevel() {
        CatchUp c = run();

        // Polled every 250 ms: 10,500 waiting at 10.5 s is the first reading at or above 10,485.
        assertEquals(1, worker.pauses);
        assertEquals(1, worker.resumes);
        assertEquals(10_500, c.buildMillis());
        assertEquals(10_500, c.backlogAtResumeMessages());
        assertEquals(10_500L * 1_024, c.backlogAtResumeBytes());
        // Then 500 fewer every 250 ms: 1,000 left after 19 polls, 4.75 s.
        assertEquals(4_750, c.drainMillis());
        assertEquals(T0 + 15_250_000_000L, clock.nanoTime(), "the drain ends as soon as it is done");
        assertEquals(14_250, c.consumedMessages());
        assertEquals(3_000.0, c.consumeRatePerSecond(), 1e-9);
        assertEquals(3_000.0 * 1_024 / MB, c.consumeMBps(), 1e-12);
        assertEquals(4_750, c.publishedMessages());
        assertEquals(1_000.0, c.publishRatePerSecond(), 1e-9);
        assertEquals(4_750, c.publishLatency().count(), "the drain's acknowledgements only");
        assertEquals(14_250, c.endToEndLatency().count());
        assertEquals(10_485, c.targetBacklogMessages());
        assertEquals(1_000, c.drainLevelMessages());
    }

    @Test
    void bothPhasesAreRecordedAsMeasuredPeriods() {
        run();

        List<PeriodSummary> build = record.progressOf(Phase.BACKLOG_BUILD);
        List<PeriodSummary> drain = record.progressOf(Phase.BACKLOG_DRAIN);
        assertEquals(11, build.size(), "ten 1 s periods and the last half second");
        assertEquals(5, drain.size(), "four 1 s periods and the last three quarters");
        assertEquals(10_500, build.get(build.size() - 1).backlogMessages());
        assertEquals(1_000, drain.get(drain.size() - 1).backlogMessages());
        assertTrue(Phase.BACKLOG_BUILD.measured() && Phase.BACKLOG_DRAIN.measured() && Phase.MEASURE.measured());
        assertTrue(!Phase.WARMUP.measured() && !Phase.DRAIN.measured() && !Phase.PREFILL.measured());
    }

    @Test
    void theProgressLinesShowTheTargetAndAnEta() {
        run();
        List<String> lines = lines();

        assertEquals("Building a backlog of 10.24 MB (10,485 messages) with the consumers paused (about 11 s at 1,000 msg/s); "
                + "measured, as OMB measures it...", lines.get(0));
        // At 5 s: 5,000 of 10,485 waiting, growing 1,000 msg/s: 5,485 to go, 5.5 s rounded up.
        assertTrue(lines.get(5).startsWith("[backlog    5.0s]"), lines.get(5));
        assertTrue(lines.get(5).endsWith(" | backlog 4.88 of 10.24 MB (47%), ETA 6 s at the current rate"), lines.get(5));
        assertTrue(lines.get(11).endsWith(" | backlog 10.25 of 10.24 MB (100%), target reached"), lines.get(11));
        assertEquals("Backlog built in 10.5 s; consumers resumed with 10,500 messages waiting; draining to 1,000...", lines.get(12));
        // At 11.5 s: 8,500 waiting, 2,000 msg/s fewer than at the build's last line; 7,500 above the level.
        assertTrue(lines.get(13).startsWith("[drain-backlog    1.0s]"), lines.get(13));
        assertTrue(lines.get(13).endsWith(" | draining: 7.32 MB to go (21% done), ETA 4 s at the current rate"), lines.get(13));
        assertTrue(lines.get(17).endsWith(" | backlog drained (at most 1,000 msg left, the drain level)"), lines.get(17));
        assertEquals("Backlog drained in 4.8 s: consumed 14,250 messages at 3,000 msg/s (2.93 MB/s) while the producers "
                + "published 1,000 msg/s", lines.get(18));
        assertEquals(19, lines.size());
    }

    @Test
    void theNextPhasesLinesHaveNoBacklogNote() {
        run();
        record.startPhase(Phase.MEASURE, "Measuring...");
        PeriodCollector collector = new PeriodCollector(workers, new Waiter(clock, new StopSignal()), Duration.ofSeconds(1), T0, 1,
                record::addProgress, Duration.ofSeconds(10), record::addSample, null);
        collector.runFor(Phase.MEASURE, Duration.ofSeconds(1));
        String last = lines().get(lines().size() - 1);
        assertTrue(last.startsWith("[measure") && !last.contains("backlog drained") && !last.contains("ETA"), last);
    }
}
