package io.kbench.features.readpast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kbench.driver.ConsumerCallback.TimestampType;
import io.kbench.driver.MessageStamp;
import io.kbench.features.ConsumerListener;
import io.kbench.plan.ConsumerPlan;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.ProducerIds;
import io.kbench.stats.HistogramCodec;
import io.kbench.time.ManualClock;
import org.junit.jupiter.api.Test;

/** Each group's records as a worker counts them: by group, this run's and the others', with positions and latencies. */
class ReadPastOnWorkerTest {

    private static final int RUN_TAG = 0x1234;

    private static ConsumerSpec spec(String group, boolean figures) {
        return new ConsumerSpec("t", group, false, ConsumerPlan.DEFAULT.withGroupFigures(figures));
    }

    @Test
    void aRunWithoutGroupsReadingThePastCostsItsConsumersNothing() {
        ReadPastOnWorker part = new ReadPastOnWorker("w1", new ManualClock(), RUN_TAG);
        assertNull(part.listen(spec("g", false)));
        assertNull(part.progress());
    }

    @Test
    void recordsAreCountedByGroupWithTheirPositionsAndLatenciesOfTheRightKind() {
        ManualClock clock = new ManualClock(0, 10_000_000); // 10 s after the epoch
        ReadPastOnWorker part = new ReadPastOnWorker("w1", clock, RUN_TAG);
        ConsumerListener a = part.listen(spec("g", true));
        ConsumerListener b = part.listen(spec("g", true));
        long now = clock.nanoTime();
        MessageStamp ours = new MessageStamp(9_990_000, ProducerIds.of(RUN_TAG, 0), 0);
        MessageStamp otherRun = new MessageStamp(9_000_000, ProducerIds.of(RUN_TAG + 1, 0), 0);
        a.received(0, 41, ours, now, 100, 9_990, TimestampType.CREATE_TIME);
        a.received(0, 42, otherRun, now, 100, 9_000, TimestampType.CREATE_TIME);
        b.received(2, 7, null, now, 200, 9_500, TimestampType.CREATE_TIME);
        b.received(2, 8, null, now, 200, 9_999, TimestampType.LOG_APPEND_TIME);
        b.received(2, 9, null, now, 200, -1, TimestampType.NONE);

        GroupsNow report = part.progress();
        assertEquals(1, report.groups().size(), "two members of one group report as one");
        GroupsNow.Group g = report.groups().get(0);
        assertEquals(5, g.records());
        assertEquals(800, g.bytes());
        assertEquals(1, g.ownRecords());
        assertEquals(2, g.createTimeRecords(), "another run's record counts as not written by this run");
        assertEquals(1, g.logAppendTimeRecords());
        assertEquals(1, g.untimedRecords());
        assertArrayEquals(new long[] {43, -1, 10}, java.util.Arrays.copyOf(g.nextPositions(), 3));
        assertEquals(10_000, HistogramCodec.decode(g.endToEnd()).getMaxValue(), 10, "10 ms after its intended send");
        assertEquals(2, HistogramCodec.decode(g.fromCreateTime()).getTotalCount());
        assertEquals(1_000_000, HistogramCodec.decode(g.fromCreateTime()).getMaxValue(), 1_000, "1 s after its CreateTime");

        GroupsNow again = part.progress();
        assertEquals(5, again.groups().get(0).records(), "counts are since the start");
        assertNull(again.groups().get(0).endToEnd(), "latencies only since the previous report");
        assertNotNull(part.findings(group -> 2));
    }
}
