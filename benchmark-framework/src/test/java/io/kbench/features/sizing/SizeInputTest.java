package io.kbench.features.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SizeInputTest {

    private static void bytes(String expected, String text) {
        assertEquals(0, new BigDecimal(expected).compareTo(SizeInput.recordBytes(text)), text);
    }

    @Test
    void recordSizesCountInPowersOf1024() {
        bytes("2560", "2.5KB");
        bytes("2560", "2.5kb");
        bytes("2560", "2.5KiB");
        bytes("4000", "4000");
        bytes("4000", "4000B");
        bytes("1048576", "1MB");
        bytes("1048576", "1MiB");
        bytes("512", "512 B");
    }

    @Test
    void badRecordSizesSayWhatIsAllowed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SizeInput.recordBytes("2.5KG"));
        assertTrue(e.getMessage().contains("unknown unit in '2.5KG'"), e.getMessage());
        assertTrue(e.getMessage().contains("KiB (1,024 bytes)"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SizeInput.recordBytes("KB"));
        assertThrows(IllegalArgumentException.class, () -> SizeInput.recordBytes("-1KB"));
        assertThrows(IllegalArgumentException.class, () -> SizeInput.recordBytes("0.5"));
    }

    @Test
    void retentionTakesDaysAndTheToolsDurations() {
        assertEquals(Duration.ofDays(7), SizeInput.retention("7d"));
        assertEquals(Duration.ofHours(36), SizeInput.retention("1d12h"));
        assertEquals(Duration.ofHours(36), SizeInput.retention("1.5d"));
        assertEquals(Duration.ofHours(36), SizeInput.retention("36h"));
        assertEquals(Duration.ofMinutes(90), SizeInput.retention("1h30m"));
        for (String bad : new String[] {"7", "7x", "0d", "", "-1d", "d"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SizeInput.retention(bad), bad);
            assertTrue(e.getMessage().startsWith("--retention must be a duration like 7d"), e.getMessage());
        }
    }

    @Test
    void ratesAndCounts() {
        assertEquals(0, new BigDecimal("10000").compareTo(SizeInput.rate("10,000")));
        assertEquals(0, new BigDecimal("0.5").compareTo(SizeInput.rate("0.5")));
        assertThrows(IllegalArgumentException.class, () -> SizeInput.rate("0"));
        assertThrows(IllegalArgumentException.class, () -> SizeInput.rate("fast"));
        assertEquals(3, SizeInput.atLeast("--brokers", "3", 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SizeInput.atLeast("--brokers", "0", 1));
        assertEquals("--brokers must be a whole number, at least 1; got '0'", e.getMessage());
    }
}
