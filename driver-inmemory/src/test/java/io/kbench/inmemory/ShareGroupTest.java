package io.kbench.inmemory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.DriverException;
import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.ShareGroupSettings.OffsetReset;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The share group's record states, on a clock the test moves (no sleeping). */
class ShareGroupTest {

    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private final AtomicReference<ShareGroupSettings> settings = new AtomicReference<>(
            new ShareGroupSettings(Duration.ofSeconds(30), 3, null));
    private final List<PartitionLog> logs = new ArrayList<>();
    private final Object alice = "alice";
    private final Object bob = "bob";

    private ShareGroup group(int partitions, int recordsEach) {
        for (int p = 0; p < partitions; p++) {
            PartitionLog log = new PartitionLog();
            for (int i = 0; i < recordsEach; i++) {
                log.append(new StoredMessage(10, null, 0, List.of()));
            }
            logs.add(log);
        }
        return new ShareGroup(logs, settings::get, clock::get);
    }

    private void advance(Duration d) {
        clock.addAndGet(d.toNanos());
    }

    private static List<Long> positions(List<ShareGroup.Delivery> ds) {
        return ds.stream().map(ShareGroup.Delivery::position).toList();
    }

    @Test
    void aRecordGoesToOneMemberAtATime() {
        ShareGroup g = group(1, 4);
        g.join(alice);
        g.join(bob);
        List<ShareGroup.Delivery> a = g.acquire(alice, 2);
        List<ShareGroup.Delivery> b = g.acquire(bob, 10);
        assertEquals(List.of(0L, 1L), positions(a));
        assertEquals(List.of(2L, 3L), positions(b), "bob gets what alice does not hold");
        assertEquals(List.of(), g.acquire(alice, 10), "every record is held");
        a.forEach(d -> assertEquals(1, d.deliveryCount()));
    }

    @Test
    void aReleasedRecordComesBackWithDeliveryCountTwo() {
        ShareGroup g = group(1, 2);
        g.join(alice);
        g.acquire(alice, 2);
        assertTrue(g.acknowledge(alice, 0, 0, Acknowledgement.RELEASE));
        assertTrue(g.acknowledge(alice, 0, 1, Acknowledgement.ACCEPT));
        List<ShareGroup.Delivery> again = g.acquire(alice, 10);
        assertEquals(List.of(0L), positions(again));
        assertEquals(2, again.get(0).deliveryCount());
    }

    @Test
    void aRejectedRecordNeverComesBack() {
        ShareGroup g = group(1, 2);
        g.join(alice);
        g.acquire(alice, 2);
        assertTrue(g.acknowledge(alice, 0, 0, Acknowledgement.REJECT));
        assertTrue(g.acknowledge(alice, 0, 1, Acknowledgement.ACCEPT));
        advance(Duration.ofMinutes(5));
        assertEquals(List.of(), g.acquire(alice, 10));
    }

    @Test
    void anExpiredLockMakesTheRecordAvailableAgainAndRefusesTheLateAcknowledgement() {
        ShareGroup g = group(1, 1);
        g.join(alice);
        g.join(bob);
        g.acquire(alice, 1);
        advance(Duration.ofSeconds(29));
        assertEquals(List.of(), g.acquire(bob, 1), "still locked 29 s in");
        advance(Duration.ofSeconds(1));
        List<ShareGroup.Delivery> b = g.acquire(bob, 1);
        assertEquals(2, b.get(0).deliveryCount(), "the lock ran out at 30 s: delivered again");
        assertFalse(g.acknowledge(alice, 0, 0, Acknowledgement.ACCEPT), "alice no longer holds it");
        assertTrue(g.acknowledge(bob, 0, 0, Acknowledgement.ACCEPT));
        assertEquals(new ShareGroup.Stats(2, 1, 0), g.stats());
    }

    @Test
    void theDeliveryCountLimitArchivesARecordReleasedOrExpiredOnItsLastDelivery() {
        ShareGroup g = group(1, 2); // limit 3
        g.join(alice);
        for (int delivery = 1; delivery <= 3; delivery++) {
            List<ShareGroup.Delivery> got = g.acquire(alice, 10);
            assertEquals(List.of(0L, 1L), positions(got), "delivery " + delivery);
            assertEquals(delivery, got.get(0).deliveryCount());
            assertTrue(g.acknowledge(alice, 0, 0, Acknowledgement.RELEASE));
            if (delivery < 3) {
                assertTrue(g.acknowledge(alice, 0, 1, Acknowledgement.RELEASE));
            } else {
                advance(Duration.ofSeconds(30)); // record 1's third lock expires instead
            }
        }
        assertEquals(List.of(), g.acquire(alice, 10), "both archived after their third delivery");
        assertEquals(new ShareGroup.Stats(6, 1, 2), g.stats());
    }

    @Test
    void membersOutnumberingPartitionsEachHoldOneAndShareThem() {
        ShareGroup g = group(2, 0);
        List<Object> members = List.of("m0", "m1", "m2", "m3", "m4");
        members.forEach(g::join);
        members.forEach(m -> assertEquals(1, g.partitionsOf(m), m.toString()));
        logs.get(0).append(new StoredMessage(1, null, 0, List.of()));
        logs.get(1).append(new StoredMessage(1, null, 0, List.of()));
        assertEquals(List.of(0L), positions(g.acquire("m2", 10)), "m2 reads partition 0");
        assertEquals(List.of(), g.acquire("m0", 10), "m0 shares partition 0, whose record m2 holds");
        assertEquals(1, g.acquire("m3", 10).get(0).partition());
    }

    @Test
    void fewerMembersThanPartitionsSplitThem() {
        ShareGroup g = group(5, 0);
        g.join(alice);
        g.join(bob);
        assertEquals(3, g.partitionsOf(alice));
        assertEquals(2, g.partitionsOf(bob));
    }

    @Test
    void aMemberThatClosesReleasesWhatItHeldAndLeaves() {
        ShareGroup g = group(1, 2);
        g.join(alice);
        g.join(bob);
        g.acquire(alice, 2);
        g.leave(alice);
        List<ShareGroup.Delivery> b = g.acquire(bob, 10);
        assertEquals(List.of(0L, 1L), positions(b), "released at once, not after the lock");
        assertEquals(2, b.get(0).deliveryCount());
        assertEquals(0, g.partitionsOf(alice));
    }

    @Test
    void aMemberThatCrashedKeepsItsPartitionsUntilItsSessionTimesOutAndItsRecordsUntilTheirLocksExpire() {
        ShareGroup g = group(2, 1);
        g.join(alice);
        g.join(bob);
        assertEquals(List.of(0L), positions(g.acquire(alice, 10)));
        g.crash(alice);
        assertEquals(1, g.partitionsOf(bob), "alice still holds partition 0");
        advance(Duration.ofSeconds(30));
        assertEquals(List.of(1), g.acquire(bob, 10).stream().map(ShareGroup.Delivery::partition).toList(),
                "partition 0 is alice's until her session times out");
        assertTrue(g.acknowledge(bob, 1, 0, Acknowledgement.ACCEPT));
        advance(ShareGroup.SESSION_TIMEOUT);
        assertEquals(2, g.partitionsOf(bob));
        List<ShareGroup.Delivery> b = g.acquire(bob, 10);
        assertEquals(List.of(0), b.stream().map(ShareGroup.Delivery::partition).toList());
        assertEquals(2, b.get(0).deliveryCount(), "alice's record came back when its lock expired");
        assertEquals(List.of(), g.acquire(alice, 10), "a crashed member acquires nothing");
    }

    @Test
    void latestStartsAtThePartitionsEndWhenTheGroupFirstReadsIt() {
        settings.set(ShareGroupSettings.DEFAULTS.withAutoOffsetReset(OffsetReset.LATEST));
        ShareGroup g = group(1, 3);
        g.join(alice);
        assertEquals(List.of(), g.acquire(alice, 10));
        logs.get(0).append(new StoredMessage(1, null, 0, List.of()));
        assertEquals(List.of(3L), positions(g.acquire(alice, 10)));
    }

    @Test
    void aPartitionStopsAcquiringAtItsRecordLockLimit() {
        ShareGroup g = group(1, ShareGroup.MAX_RECORD_LOCKS + 5);
        g.join(alice);
        assertEquals(ShareGroup.MAX_RECORD_LOCKS, g.acquire(alice, Integer.MAX_VALUE).size());
        assertEquals(List.of(), g.acquire(alice, 10));
        assertTrue(g.acknowledge(alice, 0, 0, Acknowledgement.ACCEPT));
        assertEquals(List.of((long) ShareGroup.MAX_RECORD_LOCKS), positions(g.acquire(alice, 10)), "one more once the first is done");
    }

    @Test
    void settingsOutOfRangeAreRefusedNamingTheSettingAndTheRange() {
        DriverException limit = assertThrows(DriverException.class, () -> ShareGroup.check("g", new ShareGroupSettings(null, 11, null)));
        assertEquals("share group g: deliveryCountLimit 11 is out of range: the in-memory cluster allows 2 to 10 (as Kafka's brokers "
                + "by default)", limit.getMessage());
        DriverException lock = assertThrows(DriverException.class,
                () -> ShareGroup.check("g", new ShareGroupSettings(Duration.ofHours(2), null, null)));
        assertEquals("share group g: recordLockDuration 7200000 ms is out of range: the in-memory cluster allows 1 to 3600000 ms",
                lock.getMessage());
        ShareGroup.check("g", new ShareGroupSettings(Duration.ofMillis(1), 2, null));
    }
}
