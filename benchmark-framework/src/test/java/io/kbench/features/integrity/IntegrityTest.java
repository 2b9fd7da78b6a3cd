package io.kbench.features.integrity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.MessageStamp;
import java.util.List;
import org.junit.jupiter.api.Test;

import io.kbench.plan.ProducerIds;
class IntegrityTest {

    private static final int RUN = 7;
    private static final long P0 = ProducerIds.of(RUN, 0);
    private static final long P1 = ProducerIds.of(RUN, 1);

    private static SequenceSet range(long from, long to) {
        SequenceSet s = new SequenceSet();
        for (long i = from; i < to; i++) {
            s.add(i);
        }
        return s;
    }

    private static SubscriptionTally read(String subscription, String topic, long producer, long from, long to) {
        ConsumerChecker c = new ConsumerChecker(subscription, topic, RUN);
        for (long i = from; i < to; i++) {
            c.onMessage(0, i, new MessageStamp(0, producer, i));
        }
        return c.tally();
    }

    @Test
    void everyAcknowledgedMessageReadByEverySubscriptionIsClean() {
        IntegrityReport producerSide = new IntegrityReport("w1", List.of(new ProducerAcks(P0, "t0", range(0, 1_000))), List.of());
        IntegrityReport consumerSide = new IntegrityReport("w2", List.of(),
                List.of(read("s0", "t0", P0, 0, 1_000), read("s1", "t0", P0, 0, 1_000)));
        Integrity i = Integrity.judge(List.of(producerSide, consumerSide), null);
        assertEquals(2_000, i.checkedMessages());
        assertEquals(0L, i.lostMessages());
        assertFalse(i.violated());
        assertTrue(i.line().startsWith("Integrity OK: 2,000 messages checked, 0 lost, 0 duplicated, 0 out of order"), i.line());
    }

    @Test
    void acknowledgedButNeverReadIsLostPerSubscription() {
        IntegrityReport w = new IntegrityReport("w", List.of(new ProducerAcks(P0, "t0", range(0, 100))),
                List.of(read("s0", "t0", P0, 0, 97), read("s1", "t0", P0, 0, 100)));
        Integrity i = Integrity.judge(List.of(w), null);
        assertEquals(3L, i.lostMessages());
        assertTrue(i.violated());
        assertTrue(i.line().startsWith("Integrity FAILED"), i.line());
    }

    @Test
    void aReadMessageThatWasNeverAcknowledgedIsNotLost() {
        // acks=1: the leader wrote it and the ack was lost; the consumer still read it.
        IntegrityReport w = new IntegrityReport("w", List.of(new ProducerAcks(P0, "t0", range(0, 9))),
                List.of(read("s0", "t0", P0, 0, 10)));
        assertEquals(0L, Integrity.judge(List.of(w), null).lostMessages());
    }

    @Test
    void producersOfOtherTopicsAreNotExpected() {
        IntegrityReport w = new IntegrityReport("w", List.of(new ProducerAcks(P0, "t0", range(0, 10)),
                new ProducerAcks(P1, "t1", range(0, 10))), List.of(read("s0", "t0", P0, 0, 10), read("s1", "t1", P1, 0, 10)));
        assertEquals(0L, Integrity.judge(List.of(w), null).lostMessages());
    }

    @Test
    void whenConsumersHadNotCaughtUpLossesAreNotChecked() {
        IntegrityReport w = new IntegrityReport("w", List.of(new ProducerAcks(P0, "t0", range(0, 100))),
                List.of(read("s0", "t0", P0, 0, 50)));
        Integrity i = Integrity.judge(List.of(w), "the consumers had not read 50 acknowledged messages");
        assertNull(i.lostMessages());
        assertFalse(i.violated());
        assertTrue(i.line().contains("losses not checked (the consumers had not read 50"), i.line());
    }

    @Test
    void aSequenceSetTravelsCompressed() {
        SequenceSet big = range(0, 1_000_000);
        String encoded = big.encode();
        assertTrue(encoded.length() < 1_000, "a dense range of a million takes a few hundred bytes (a bitmap 125 KB), got " + encoded.length());
        assertEquals(1_000_000, SequenceSet.decode(encoded).size());
        assertFalse(big.add(5), "already there");
        assertFalse(big.add(-1), "out of range");
    }

    @Test
    void messagesOfAbortedTransactionsAreNotExpectedByReadCommittedConsumers() {
        // 0..99 acknowledged; 40..59 then aborted with their transaction: the consumer never reads them.
        ConsumerChecker c = new ConsumerChecker("s0", "t0", RUN);
        for (long i = 0; i < 100; i++) {
            if (i < 40 || i >= 60) {
                c.onMessage(0, i, new MessageStamp(0, P0, i));
            }
        }
        IntegrityReport w = new IntegrityReport("w", List.of(new ProducerAcks(P0, "t0", range(0, 100), range(40, 60))),
                List.of(c.tally()));
        Integrity i = Integrity.judge(List.of(w), null);
        assertEquals(0L, i.lostMessages());
        assertEquals(80, i.checkedMessages());
    }
}
