package io.kbench.workload.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PayloadsTest {

    @Test
    void randomBytesRatioHoldsForEverySizeOfADistribution() {
        int[] sizes = SizeTable.of(SizeShapes.distribution(new SizeSpec("log-normal", 10, 100_000, 2000.0, 3000.0)), 64L << 20);
        Payloads p = Payloads.generated(sizes, true, 0.25, 9);
        for (int i = 0; i < p.count(); i++) {
            byte[] b = p.payload(i);
            assertEquals(sizes[i], b.length);
            int head = (int) Math.round(b.length * 0.25);
            for (int j = head; j < b.length; j++) {
                assertEquals(0, b[j], "after the random quarter, zeros (payload " + i + ")");
            }
            int nonZero = 0;
            for (int j = 0; j < head; j++) {
                nonZero += b[j] != 0 ? 1 : 0;
            }
            assertTrue(head < 8 || nonZero > head / 2, "the first quarter random (payload " + i + ")");
        }
    }

    @Test
    void eachEntryHasContentOfItsOwnAndDrawsAreSeeded() {
        Payloads letters = Payloads.generated(new int[] {100, 100, 100, 100}, false, 0, 1);
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            String s = new String(letters.payload(i));
            assertTrue(s.matches("[A-Z]{100}"), s);
            distinct.add(s);
        }
        assertEquals(4, distinct.size(), "entries of one size differ, so a compressor finds no repeats the content does not have");
        PayloadSource a = letters.source(5);
        PayloadSource b = letters.source(5);
        for (int i = 0; i < 100; i++) {
            assertSame(a.nextPayload(i), b.nextPayload(i));
        }
        PayloadSource inTurn = Payloads.inTurn(List.of(new byte[1], new byte[2])).source(0);
        assertEquals(List.of(1, 2, 1), List.of(inTurn.nextPayload(0).length, inTurn.nextPayload(1).length, inTurn.nextPayload(2).length));
    }
}
