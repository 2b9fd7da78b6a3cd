package io.kbench.features.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class StorageSizingTest {

    /** The MSK sizing study's topic: 10,000 events/s × 2,500 B, 7 days, replication factor 3, 4 brokers. */
    static StorageSizing seed() {
        return new StorageSizing(new BigDecimal("10000"), new BigDecimal("2500"), "2500", Duration.ofDays(7), "7d", 3, 4);
    }

    private static void assertFigure(String expected, BigDecimal actual) {
        assertEquals(0, new BigDecimal(expected).compareTo(actual), "expected " + expected + ", got " + actual);
    }

    @Test
    void reproducesTheStudysFiguresStepByStep() {
        StorageSizing s = seed();
        assertFigure("25000000", s.bytesPerSecond());
        assertFigure("24414.0625", s.kbPerSecondExact());
        assertFigure("24400", s.kbPerSecond()); // the study's 24,400 KB/s: 3 significant figures
        assertFigure("23.8", s.mbPerSecond());
        assertFigure("604800", s.retentionSeconds());
        assertFigure("14757120000", s.storageKB()); // the study's 14757120000KB
        assertEquals("TB", s.unit());
        assertFigure("13.74", s.storage());
        assertFigure("41.22", s.replicated()); // 3 × 13.74, as the study multiplies
        assertFigure("10.305", s.perBrokerQuotient());
        assertFigure("10.3", s.perBroker());
    }

    @Test
    void showsTheUnroundedFiguresWhereTheyDiffer() {
        StorageSizing s = seed();
        assertFigure("13.75", s.storageUnrounded().setScale(2, java.math.RoundingMode.HALF_UP));
        String text = String.join("\n", s.lines());
        assertTrue(text.contains("10,000 events/s × 2,500 B = 25,000,000 B/s = 24,414.06 KB/s"), text);
        assertTrue(text.contains("~ 24,400 KB/s (3 significant figures) ~ 23.8 MB/s, about 24 MB/s"), text);
        assertTrue(text.contains("7d = 604,800 s"), text);
        assertTrue(text.contains("24,400 KB/s × 604,800 s = 14,757,120,000 KB ~ 13.74 TB   [unrounded: 13.75 TB]"), text);
        assertTrue(text.contains("3 × 13.74 TB = 41.22 TB   [unrounded: 41.25 TB]"), text);
        assertTrue(text.contains("41.22 TB / 4 brokers = 10.305 TB ~ 10.3 TB   [unrounded: 10.31 TB]"), text);
        assertTrue(text.contains("Storage per broker: 10.3 TB"), text);
        assertTrue(text.contains("KB = 1,024 bytes"), "says which KB the record size means: " + text);
    }

    @Test
    void exactFiguresAreNotMarkedAsRounded() {
        // 1,000 events/s × 1,024 B = 1,000 KB/s exactly; 1,024 s of it = 1,024,000 KB = 1,000 MB.
        StorageSizing s = new StorageSizing(new BigDecimal("1000"), new BigDecimal("1024"), "1KiB", Duration.ofSeconds(1024),
                "1024s", 1, 1);
        assertEquals("MB", s.unit());
        List<String> lines = s.lines();
        String text = String.join("\n", lines);
        assertTrue(text.contains("= 1,000 KB/s (3 significant figures)"), text);
        assertTrue(text.contains("= 1,024,000 KB = 1,000 MB"), text);
        assertTrue(!text.contains("[unrounded:"), text);
    }

    @Test
    void picksAReadableUnit() {
        StorageSizing small = new StorageSizing(new BigDecimal("10"), new BigDecimal("100"), "100B", Duration.ofHours(1), "1h", 1, 1);
        assertEquals("MB", small.unit());
        assertFigure("3.43", small.storage()); // 0.977 KB/s × 3,600 s = 3,517.2 KB
    }
}
