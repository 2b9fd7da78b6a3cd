package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Transaction boundaries on made-up times: no clock, no waiting. */
class TransactionBoundaryTest {

    private static final long MS = 1_000_000L;
    private static final long T0 = 5_000 * MS;

    @Test
    void aTransactionByAgeIsDueOnceItIsThatOldCountedFromItsBeginning() {
        TransactionBoundary b = TransactionBoundary.byAge(Duration.ofMillis(100));
        assertFalse(b.isDue(T0), "nothing open");
        b.begun(T0);
        b.sent();
        assertFalse(b.isDue(T0 + 99 * MS));
        b.sent();
        assertTrue(b.isDue(T0 + 100 * MS));
        assertEquals(2, b.messages());
        b.ended();
        assertFalse(b.isOpen());
        assertFalse(b.isDue(T0 + 500 * MS), "ended: nothing to commit");
        b.begun(T0 + 500 * MS);
        b.sent();
        assertFalse(b.isDue(T0 + 599 * MS), "the next one's age starts at its own beginning");
        assertTrue(b.isDue(T0 + 600 * MS));
    }

    @Test
    void aTransactionByCountIsDueWithItsLastMessageWhateverTheTime() {
        TransactionBoundary b = TransactionBoundary.byMessages(3);
        b.begun(T0);
        b.sent();
        b.sent();
        assertFalse(b.isDue(T0 + 3_600_000 * MS), "two of three messages, however long it has been");
        b.sent();
        assertTrue(b.isDue(T0));
        b.ended();
        b.begun(T0);
        assertEquals(0, b.messages(), "counted afresh");
    }

    @Test
    void anEmptyTransactionIsNeverDue() {
        TransactionBoundary b = TransactionBoundary.byAge(Duration.ofMillis(1));
        b.begun(T0);
        assertFalse(b.isDue(T0 + 1_000 * MS));
    }

    @Test
    void nonsenseBoundariesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> TransactionBoundary.byAge(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> TransactionBoundary.byMessages(0));
    }
}
