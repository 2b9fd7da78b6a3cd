package io.kbench.features.integrity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.kbench.driver.MessageStamp;
import java.util.List;
import org.junit.jupiter.api.Test;

import io.kbench.plan.ProducerIds;
/** A share group's integrity: a redelivered record is not a duplicate, and lost means never accepted nor rejected. */
class AtLeastOnceIntegrityTest {

    private static final int RUN = 9;
    private static final long P0 = ProducerIds.of(RUN, 0);

    private static SequenceSet range(long from, long to) {
        SequenceSet s = new SequenceSet();
        for (long i = from; i < to; i++) {
            s.add(i);
        }
        return s;
    }

    @Test
    void aRecordSettledAgainOnALaterDeliveryIsARedeliveryOnOneMemberOrAcrossMembers() {
        ConsumerChecker a = ConsumerChecker.atLeastOnce("g", "t", RUN);
        ConsumerChecker b = ConsumerChecker.atLeastOnce("g", "t", RUN);
        for (long i = 0; i < 100; i++) {
            (i % 2 == 0 ? a : b).onSettled(new MessageStamp(0, P0, i), 1);
        }
        a.onSettled(new MessageStamp(0, P0, 4), 2);  // its commit failed, it came back to the same member
        b.onSettled(new MessageStamp(0, P0, 6), 2);  // and to another one
        IntegrityReport w = new IntegrityReport("w", List.of(new ProducerAcks(P0, "t", range(0, 100))), List.of(a.tally(), b.tally()));

        Integrity i = Integrity.judge(List.of(w), null);

        assertEquals(100, i.checkedMessages());
        assertEquals(0L, i.lostMessages());
        assertEquals(0, i.duplicateMessages());
        assertEquals(2, i.redeliveredMessages());
        assertFalse(i.violated());
    }

    @Test
    void anAcknowledgedRecordNeverSettledIsLostAndOneSettledTwiceOnItsFirstDeliveryIsADuplicate() {
        ConsumerChecker a = ConsumerChecker.atLeastOnce("g", "t", RUN);
        for (long i = 0; i < 98; i++) {
            a.onSettled(new MessageStamp(0, P0, i), 1);
        }
        a.onSettled(new MessageStamp(0, P0, 3), 1); // the log held it twice

        Integrity i = Integrity.judge(List.of(new IntegrityReport("w", List.of(new ProducerAcks(P0, "t", range(0, 100))),
                List.of(a.tally()))), null);

        assertEquals(2L, i.lostMessages());
        assertEquals(1, i.duplicateMessages());
    }
}
