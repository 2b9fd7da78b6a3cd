package io.kbench.inmemory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.StartPosition;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Crashes, static members and session timeouts in a consumer group, on a clock the test moves. */
class MembershipTest {

    private static final long SESSION = Duration.ofSeconds(10).toNanos();
    private final AtomicLong clock = new AtomicLong();

    private ConsumerGroup group(int partitions, int recordsEach) {
        List<PartitionLog> logs = new java.util.ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            PartitionLog log = new PartitionLog();
            for (int i = 0; i < recordsEach; i++) {
                log.append(new StoredMessage(1, null, 0, List.of()));
            }
            logs.add(log);
        }
        return new ConsumerGroup(logs, StartPosition.EARLIEST, clock::get);
    }

    @Test
    void aDynamicMemberThatClosesHandsItsPartitionsOverAtOnce() {
        ConsumerGroup g = group(4, 0);
        g.join("a", null, SESSION);
        g.join("b", null, SESSION);
        g.leave("a");
        assertEquals(4, g.partitionsOf("b"));
    }

    @Test
    void aCrashedMemberKeepsItsPartitionsUnreadUntilItsSessionTimesOut() {
        ConsumerGroup g = group(2, 3);
        g.join("a", null, SESSION);
        g.join("b", null, SESSION);
        g.crash("a");
        clock.addAndGet(SESSION - 1);
        assertEquals(1, g.partitionsOf("b"));
        assertEquals(3, g.take("b", 100).size(), "only b's own partition");
        clock.addAndGet(1);
        assertEquals(2, g.partitionsOf("b"));
        assertEquals(3, g.take("b", 100).size(), "a's partition, from where the group stopped");
    }

    @Test
    void aStaticMemberBackWithinItsSessionGetsItsPartitionsBackWithoutARebalance() {
        ConsumerGroup g = group(4, 0);
        g.join("a", "instance-a", SESSION);
        g.join("b", "instance-b", SESSION);
        g.leave("a"); // a static member does not leave when it closes
        assertEquals(2, g.partitionsOf("b"));
        clock.addAndGet(SESSION / 2);
        g.join("a2", "instance-a", SESSION);
        assertEquals(2, g.partitionsOf("a2"));
        assertEquals(2, g.partitionsOf("b"));
        clock.addAndGet(SESSION * 2);
        assertEquals(2, g.partitionsOf("a2"), "a2 is alive: its place does not expire");
    }

    @Test
    void aStaticMemberBackTooLateJoinsAsANewMember() {
        Membership m = new Membership(clock::get);
        assertTrue(m.join("a", "instance-a", SESSION));
        m.crash("a");
        assertFalse(m.isAlive("a"));
        clock.addAndGet(SESSION);
        assertTrue(m.expire());
        assertEquals(List.of(), m.members());
        assertTrue(m.join("a2", "instance-a", SESSION), "a new place");
        assertTrue(m.isAlive("a2"));
    }
}
