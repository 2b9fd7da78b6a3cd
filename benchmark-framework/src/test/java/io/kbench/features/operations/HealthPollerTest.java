package io.kbench.features.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kbench.time.ManualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The consumer groups' epochs polled beside the partitions' health, and the rebalances they count in a window. */
class HealthPollerTest {

    private static final long S = 1_000_000_000L;
    private static final long US = 1_000_000L;

    private final ManualClock clock = new ManualClock(0, 1_700_000_000_000_000L);
    private final ScriptedCluster cluster = new ScriptedCluster();

    /** Polls once a second for 20 s: group g0's epoch 3, then 5 from 12 s (a member joined), 6 from 15 s. */
    private HealthPoller pollFor20Seconds(List<String> groups) {
        cluster.replicas.put("t", List.of(List.of(1)));
        cluster.epochs.put("g0", 3);
        HealthPoller p = new HealthPoller(cluster, List.of("t"), groups, clock, 0, S);
        for (int s = 0; s <= 20; s++) {
            if (s == 12) {
                cluster.epochs.put("g0", 5);
            }
            if (s == 15) {
                cluster.epochs.put("g0", 6);
            }
            p.pollOnce();
            clock.advanceNanos(S);
        }
        return p;
    }

    @Test
    void rebalancesAreTheRiseOfTheGroupsEpochAcrossTheWindow() {
        GroupEpochs e = pollFor20Seconds(List.of("g0")).epochs();
        assertEquals(0, e.rise(0, 10 * US), "before: nothing changed");
        assertEquals(3, e.rise(10 * US, 20 * US), "3 → 6 during");
        assertEquals(2, e.rise(10 * US, 12 * US), "as the poll at the window's end saw it");
        assertEquals(1, e.rise(13 * US, 18 * US));
    }

    @Test
    void aGroupWhoseEpochTheClusterDoesNotTellLeavesTheCountUnknownNeverZero() {
        GroupEpochs e = pollFor20Seconds(List.of("g0", "classic")).epochs();
        assertNull(e.rise(0, 10 * US));
        assertNull(e.rise(10 * US, 20 * US));
        assertNull(GroupEpochs.NONE.rise(0, 10 * US), "a run without consumer groups: not known either");
        assertEquals(21, pollFor20Seconds(List.of()).points().size(), "the health is polled all the same");
    }

    @Test
    void theWindowsOfAnEntryCarryTheRebalancesAndTheSummaryLineSaysThem() {
        WindowFigures before = new WindowFigures(10_000, 10, 1_000L, 2_000L, 2_000L, null, null, null, null, 1000, 0, null);
        OperationEntry e = new OperationEntry("elect-leaders", "topic t", 10_000, 10_000L, 20_000_000L, "t", 30_000_000L, 10_000L,
                OperationStatus.DONE, "ok", List.of(), null, null, null, null, null, "nothing to put back",
                before.withRebalances(0), before.withRebalances(3));
        assertEquals("Operation elect-leaders of topic t: done in 10.0 s; publish p99 2.00 → 2.00 ms, 1,000 → 1,000 msg/s, consumer "
                + "rebalances 0 → 3, 0 send error(s) during it", OperationsText.line(e));
        OperationEntry unknown = new OperationEntry("elect-leaders", "topic t", 10_000, 10_000L, 20_000_000L, "t", 30_000_000L, 10_000L,
                OperationStatus.DONE, "ok", List.of(), null, null, null, null, null, "nothing to put back", before, before);
        assertEquals("Operation elect-leaders of topic t: done in 10.0 s; publish p99 2.00 → 2.00 ms, 1,000 → 1,000 msg/s, "
                + "0 send error(s) during it", OperationsText.line(unknown), "unknown: not said");
    }
}
