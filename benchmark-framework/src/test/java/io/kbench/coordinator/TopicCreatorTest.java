package io.kbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.DriverException;
import io.kbench.driver.TopicSpec;
import io.kbench.time.ManualClock;
import io.kbench.plan.TopicBatches;
import io.kbench.plan.TopicSetup;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The coordinator's topic calls on a simulated worker whose calls take clock time: no broker, no sleeping. */
class TopicCreatorTest {

    /** Moves on as told, and gives the simulated worker's thread a moment of real time to see each move. */
    private final ManualClock manual = new ManualClock();
    private final io.kbench.time.BenchmarkClock clock = new io.kbench.time.BenchmarkClock() {
        @Override
        public long nanoTime() {
            return manual.nanoTime();
        }

        @Override
        public long epochMicrosAt(long nanoTime) {
            return manual.epochMicrosAt(nanoTime);
        }

        @Override
        public io.kbench.time.BenchmarkClock withOffsetMicros(long offsetMicros) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void parkUntil(long deadlineNanos) throws InterruptedException {
            manual.parkUntil(deadlineNanos);
            Thread.sleep(2);
        }
    };
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final Console console = new Console(new PrintStream(printed, true, StandardCharsets.UTF_8));

    /** Each call takes {@code millisPerPartition} of clock time per partition, as a broker serving new partitions. */
    private final class SlowWorker extends CollectorOnlyWorker {
        final List<List<String>> created = new CopyOnWriteArrayList<>();
        final List<List<String>> deleted = new CopyOnWriteArrayList<>();
        final long millisPerPartition;
        final long startNanos = clock.nanoTime();
        long partitionsSoFar;
        volatile String refuseTopic;

        SlowWorker(long millisPerPartition) {
            this.millisPerPartition = millisPerPartition;
        }

        @Override
        public String id() {
            return "slow";
        }

        @Override
        public List<io.kbench.stats.PeriodStats> periodStats() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void createTopics(List<TopicSpec> topics) {
            if (refuseTopic != null && topics.stream().anyMatch(t -> t.name().equals(refuseTopic))) {
                throw new DriverException("Kafka refused CreateTopics request 1 of 1 (...): partition limit");
            }
            partitionsSoFar += TopicBatches.partitions(topics);
            waitUntil(startNanos + millisPerPartition * partitionsSoFar * 1_000_000);
            created.add(topics.stream().map(TopicSpec::name).toList());
        }

        @Override
        public void deleteTopics(List<String> topics) {
            waitUntil(clock.nanoTime() + 10_000_000);
            deleted.add(List.copyOf(topics));
        }

        /** Until the coordinator's waits have moved the clock on to {@code nanos}: a call as long as the schedule says. */
        private void waitUntil(long nanos) {
            while (clock.nanoTime() < nanos) {
                Thread.onSpinWait();
            }
        }
    }

    private static List<TopicSpec> topics(int count, int partitions) {
        List<TopicSpec> topics = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            topics.add(new TopicSpec("t" + i, partitions));
        }
        return topics;
    }

    private String out() {
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aLongCreationSaysHowFarItGotEveryFewSecondsAndHowLongItTook() {
        SlowWorker worker = new SlowWorker(3); // 2,000 partitions: 6 s a call, 30 s in all
        TopicCreator creator = new TopicCreator(worker, console::line, new Waiter(clock, new StopSignal()), new TopicBatches(100, 2_000));

        TopicSetup setup = creator.create(topics(10, 1000));

        assertEquals(5, worker.created.size());
        assertEquals(List.of("t0", "t1"), worker.created.get(0));
        assertEquals(10, setup.topics());
        assertEquals(10_000, setup.partitions());
        assertEquals(5, setup.calls());
        assertTrue(setup.createMillis() >= 30_000 && setup.createMillis() < 31_000, setup.toString());
        String out = out();
        assertTrue(out.contains("  creating topics t0 to t1 (2 topics, 2,000 partitions): 5 s so far; 0 of 10 topics and 0 of "
                + "10,000 partitions ready before it"), out);
        assertTrue(out.contains("  created 2 of 10 topics, 2,000 of 10,000 partitions served, after 6."), out);
        assertTrue(out.contains("  created 10 of 10 topics, 10,000 of 10,000 partitions served, after 30."), out);
        assertTrue(out.contains("Created 10 topic(s) with 10,000 partitions in 30."), out);
        assertTrue(out.contains(" s (5 call(s)); every partition is served."), out);
    }

    @Test
    void aRefusedCallKeepsWhatWasAskedForSoTheRunCanCleanUp() {
        SlowWorker worker = new SlowWorker(0);
        worker.refuseTopic = "t3";
        TopicCreator creator = new TopicCreator(worker, console::line, new Waiter(clock, new StopSignal()), new TopicBatches(2, 2_000));

        DriverException e = assertThrows(DriverException.class, () -> creator.create(topics(6, 10)));

        assertTrue(e.getMessage().contains("partition limit"), e.getMessage());
        assertEquals(List.of("t0", "t1", "t2", "t3"), creator.created(), "the refused call may have created some of its topics");
        assertEquals(2, creator.setup().topics(), "the figures count what was created for sure");
        assertEquals(3, creator.setup().calls());
        TopicSetup after = creator.delete();
        assertEquals(List.of(List.of("t0", "t1", "t2", "t3")), worker.deleted);
        assertTrue(after.deleteMillis() >= 10, after.toString());
    }

    @Test
    void deletionGoesInCallsOfAThousandTopicsAndIgnoresAStopRequest() {
        SlowWorker worker = new SlowWorker(0);
        StopSignal stop = new StopSignal();
        TopicCreator creator = new TopicCreator(worker, console::line, new Waiter(clock, stop), new TopicBatches(100, 2_000));
        creator.create(topics(2_500, 1));
        stop.request("Ctrl-C"); // the cleanup after an interrupted run still deletes

        TopicSetup setup = creator.delete();

        assertEquals(List.of(1_000, 1_000, 500), worker.deleted.stream().map(List::size).toList());
        assertTrue(out().contains("  deleted 2,500 topic(s) in "), out());
        assertSame(setup, creator.setup());
    }

    @Test
    void aStopRequestEndsTheWaitForACreation() {
        SlowWorker worker = new SlowWorker(1);
        StopSignal stop = new StopSignal();
        stop.request("Ctrl-C");
        TopicCreator creator = new TopicCreator(worker, console::line, new Waiter(clock, stop), new TopicBatches(100, 2_000));

        assertThrows(RunStoppedException.class, () -> creator.create(topics(1, 10)));
        assertEquals(List.of(), creator.created(), "stopped before the first call");
        assertNull(creator.delete());
    }
}
