package io.kbench.features.integrity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.MessageStamp;
import java.util.List;
import org.junit.jupiter.api.Test;

import io.kbench.plan.ProducerIds;
class ConsumerCheckerTest {

    private static final int RUN = ProducerIds.runTag("0badcafe");
    private static final long P0 = ProducerIds.of(RUN, 0);
    private static final long P1 = ProducerIds.of(RUN, 1);

    private final ConsumerChecker checker = new ConsumerChecker("sub-0", "topic-0", RUN);

    private static MessageStamp stamp(long producer, long sequence) {
        return new MessageStamp(1, producer, sequence);
    }

    @Test
    void producerIdsCarryTheRunAndTheIndexAndAreNeverZero() {
        assertEquals(0x0badcafe, RUN);
        assertEquals(RUN, ProducerIds.runTagOf(P1));
        assertEquals(1, ProducerIds.indexOf(P1));
        assertTrue(ProducerIds.of(ProducerIds.runTag("00000000"), 0) != MessageStamp.NO_PRODUCER);
        assertEquals("not-hex".hashCode(), ProducerIds.runTag("not-hex"));
    }

    @Test
    void stampsRoundTripThroughTheirEncoding() {
        MessageStamp full = new MessageStamp(1_700_000_000_000_000L, P1, 42);
        assertEquals(full, MessageStamp.decode(full.encode()));
        assertEquals(24, full.encode().length);
        MessageStamp time = MessageStamp.timeOnly(5);
        assertEquals(8, time.encode().length);
        assertEquals(time, MessageStamp.decode(time.encode()));
        assertFalse(MessageStamp.decode(time.encode()).checksIntegrity());
        assertNull(MessageStamp.decode(new byte[5]), "a foreign header value");
    }

    @Test
    void aCleanStreamHasNoFinding() {
        // Producer 0 spreads 0..5 over partitions 0 and 1; producer 1 writes 0..2 to partition 1.
        long[][] reads = {{0, 0, P0, 0}, {1, 0, P0, 1}, {0, 1, P0, 2}, {1, 1, P1, 0}, {1, 2, P0, 3}, {0, 2, P0, 4},
            {1, 3, P1, 1}, {0, 3, P0, 5}, {1, 4, P1, 2}};
        for (long[] r : reads) {
            checker.onMessage((int) r[0], r[1], stamp(r[2], r[3]));
        }
        SubscriptionTally t = checker.tally();
        assertEquals(9, t.checkedMessages());
        assertEquals(0, t.duplicateMessages());
        assertEquals(0, t.outOfOrderMessages());
        assertEquals(6, t.seenByProducer().get(P0).size());
        assertEquals(3, t.seenByProducer().get(P1).size());
    }

    @Test
    void aSequenceReadAgainAtANewPositionIsADuplicate() {
        checker.onMessage(0, 0, stamp(P0, 0));
        checker.onMessage(0, 1, stamp(P0, 1));
        checker.onMessage(0, 2, stamp(P0, 1)); // a producer retry wrote it twice
        SubscriptionTally t = checker.tally();
        assertEquals(1, t.duplicateMessages());
        assertEquals(0, t.outOfOrderMessages(), "a duplicate is not also out of order");
    }

    @Test
    void aPositionReadAgainIsARedeliveryNotADuplicate() {
        checker.onMessage(0, 10, stamp(P0, 0));
        checker.onMessage(0, 11, stamp(P0, 1));
        checker.onMessage(0, 10, stamp(P0, 0)); // the client went back (rebalance)
        checker.onMessage(0, 11, stamp(P0, 1));
        checker.onMessage(0, 12, stamp(P0, 2));
        SubscriptionTally t = checker.tally();
        assertEquals(3, t.checkedMessages());
        assertEquals(2, t.redeliveredMessages());
        assertEquals(0, t.duplicateMessages());
    }

    @Test
    void aLowerSequenceAfterAHigherOneOnThePartitionIsOutOfOrder() {
        checker.onMessage(0, 0, stamp(P0, 0));
        checker.onMessage(0, 1, stamp(P0, 2));
        checker.onMessage(0, 2, stamp(P0, 1)); // retried after 2 without idempotence
        checker.onMessage(1, 0, stamp(P0, 3)); // other partitions have their own order
        checker.onMessage(1, 1, stamp(P1, 0));
        assertEquals(1, checker.tally().outOfOrderMessages());
    }

    @Test
    void messagesOfAnotherRunAreSkipped() {
        checker.onMessage(0, 0, stamp(ProducerIds.of(RUN + 1, 0), 0));
        SubscriptionTally t = checker.tally();
        assertEquals(0, t.checkedMessages());
        assertEquals(1, t.foreignMessages());
    }

    @Test
    void consumersOfOneSubscriptionThatReadTheSameSequenceCountItAsADuplicate() {
        ConsumerChecker other = new ConsumerChecker("sub-0", "topic-0", RUN);
        checker.onMessage(0, 0, stamp(P0, 0));
        checker.onMessage(0, 1, stamp(P0, 1));
        other.onMessage(1, 0, stamp(P0, 1));
        other.onMessage(1, 1, stamp(P0, 2));
        SubscriptionTally merged = SubscriptionTally.merge("sub-0", "topic-0", List.of(checker.tally(), other.tally()));
        assertEquals(4, merged.checkedMessages());
        assertEquals(1, merged.duplicateMessages());
        assertEquals(3, merged.seenByProducer().get(P0).size());
    }
}
