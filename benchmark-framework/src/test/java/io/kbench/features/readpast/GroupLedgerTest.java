package io.kbench.features.readpast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.TopicOffsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A group's lag and catch-up as the coordinator counts them from positions and offsets, without a cluster. */
class GroupLedgerTest {

    private static TopicOffsets offsets(long... earliestEnd) {
        List<TopicOffsets.Partition> p = new java.util.ArrayList<>();
        for (int i = 0; i < earliestEnd.length; i += 2) {
            p.add(new TopicOffsets.Partition(earliestEnd[i], earliestEnd[i + 1]));
        }
        return new TopicOffsets(p);
    }

    private static GroupsNow.Group report(long records, long bytes, long... next) {
        return new GroupsNow.Group("g", "t", records, bytes, records, 0, 0, 0, next, null, null, 0);
    }

    @Test
    void aGroupFromTheEarliestRecordHasTheWholeSpanToReadUntilItReadsSome() {
        GroupLedger g = new GroupLedger("g", "t", GroupLedger.Role.CATCH_UP);
        TopicOffsets start = offsets(100, 1_100, 0, 500); // the first partition lost its first 100 records to retention
        g.started(1_000, start, false);
        assertEquals(1_500, g.lagNow(), "1,000 + 500 records between the earliest and the end offsets");
        g.add(report(600, 60_000, 700, -1), "w1"); // read up to 699 in partition 0, nothing yet in partition 1
        assertEquals(400 + 500, g.lagOf(start));
        assertFalse(g.reached(start, start));
        g.add(report(1_500, 150_000, 1_100, 500), "w1");
        assertTrue(g.reached(start, start));
        assertEquals(300, g.lagOf(offsets(100, 1_300, 0, 600)), "records written since: 200 + 100");
    }

    @Test
    void aGroupFromTheEndOwesOnlyWhatIsWrittenAfterItStarted() {
        GroupLedger g = new GroupLedger("g", "t", GroupLedger.Role.CONSUME_ONLY);
        g.started(0, offsets(0, 1_000), true);
        assertEquals(0, g.lagNow());
        assertEquals(50, g.lagOf(offsets(0, 1_050)));
    }

    @Test
    void positionsFromSeveralWorkersAreTheFurthestPerPartitionAndCountsAdd() {
        GroupLedger g = new GroupLedger("g", "t", GroupLedger.Role.CATCH_UP);
        g.started(0, offsets(0, 100, 0, 100), false);
        g.add(report(40, 4_000, 40, -1), "w1");
        g.add(report(70, 7_000, -1, 70), "w2");
        assertEquals(110, g.records());
        assertEquals(60 + 30, g.lagOf(offsets(0, 100, 0, 100)));
        g.add(report(90, 9_000, 90, -1), "w1"); // a worker's newer report replaces its older one
        assertEquals(160, g.records());
        assertEquals(10 + 30, g.lagOf(offsets(0, 100, 0, 100)));
    }

    @Test
    void theCatchUpTimeAndRateCountFromTheStartToTheFirstLagAtOrBelowTheBound() {
        GroupLedger g = new GroupLedger("g", "t", GroupLedger.Role.CATCH_UP);
        g.add(report(0, 0), "w1");
        g.started(10_000, offsets(0, 10_000), false);
        g.add(report(5_000, 5_242_880), "w1");
        g.lag(11_000, 5_000);
        g.add(report(10_000, 10_485_760, 10_000), "w1");
        g.lag(12_000, 0);
        g.caughtUp(12_000);
        g.caughtUp(13_000); // the first time counts
        ReadPast.Group f = g.figures("earliest");
        assertEquals(2_000L, f.catchUpMillis());
        assertEquals(10_000L, f.catchUpRecords());
        assertEquals(5_000.0, f.catchUpRecordsPerSecond(), 1e-9);
        assertEquals(5.0, f.catchUpMBps(), 1e-9, "10 MiB in 2 s");
        assertEquals(10_000L, f.lagAtStartRecords());
        assertEquals(0L, f.lagAtEndRecords());
        assertEquals(List.of(new ReadPast.LagSample(0, 10_000), new ReadPast.LagSample(1.0, 5_000), new ReadPast.LagSample(2.0, 0)),
                f.lagOverTime());
        assertEquals("catch-up", f.role());
    }

    @Test
    void aGroupThatNeverCaughtUpHasNoCatchUpFigures() {
        GroupLedger g = new GroupLedger("g", "t", GroupLedger.Role.CATCH_UP);
        g.started(0, offsets(0, 100), false);
        ReadPast.Group f = g.figures("10m");
        assertNull(f.catchUpMillis());
        assertNull(f.catchUpMBps());
        assertEquals("10m", f.from());
    }
}
