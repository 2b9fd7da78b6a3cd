package io.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramsTest {

    @Test
    void clampKeepsValuesWithinZeroAndOneDay() {
        assertEquals(0, Histograms.clamp(-1));
        assertEquals(0, Histograms.clamp(Long.MIN_VALUE));
        assertEquals(0, Histograms.clamp(0));
        assertEquals(12_345, Histograms.clamp(12_345));
        assertEquals(86_400_000_000L, Histograms.MAX_MICROS);
        assertEquals(Histograms.MAX_MICROS, Histograms.clamp(Histograms.MAX_MICROS));
        assertEquals(Histograms.MAX_MICROS, Histograms.clamp(Histograms.MAX_MICROS + 1));
        assertEquals(Histograms.MAX_MICROS, Histograms.clamp(Long.MAX_VALUE));
    }

    @Test
    void histogramsResizeAndKeepThreeSignificantDigits() {
        for (Histogram h : new Histogram[] {Histograms.newHistogram()}) {
            h.recordValue(1);
            h.recordValue(Histograms.MAX_MICROS);
            h.recordValue(123_456_789);
            assertEquals(3, h.getTotalCount());
            assertEquals(1, h.getMinValue());
            assertTrue(h.valuesAreEquivalent(h.getMaxValue(), Histograms.MAX_MICROS));
            long p50 = h.getValueAtPercentile(50);
            assertTrue(Math.abs(p50 - 123_456_789) <= 123_456_789 / 1_000, "p50 " + p50);
            h.recordValue(2_047);
            assertEquals(1, h.getCountAtValue(2_047), "values below 2048 are exact");
            assertEquals(0, h.getCountAtValue(2_046));
        }
    }
}
