package io.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramCodecTest {

    @Test
    void roundTripKeepsEverySample() {
        Histogram h = Histograms.newHistogram();
        for (long v = 1; v < 100_000; v += 37) {
            h.recordValue(v);
        }
        h.recordValueWithCount(Histograms.MAX_MICROS, 5);
        Histogram back = HistogramCodec.decode(HistogramCodec.encode(h));
        assertEquals(h, back);
        assertEquals(h.getTotalCount(), back.getTotalCount());
        assertEquals(h.getValueAtPercentile(99.9), back.getValueAtPercentile(99.9));
        back.recordValue(Histograms.MAX_MICROS * 10); // decoded histograms still resize
        assertEquals(h.getTotalCount() + 1, back.getTotalCount());
    }

    @Test
    void emptyHistogramRoundTrips() {
        Histogram back = HistogramCodec.decode(HistogramCodec.encode(Histograms.newHistogram()));
        assertEquals(0, back.getTotalCount());
    }

    @Test
    void rejectsTextThatIsNotAHistogram() {
        for (String bad : new String[] {"not base64!", "AAAA", "aGVsbG8gd29ybGQ="}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HistogramCodec.decode(bad), bad);
            assertTrue(e.getMessage().startsWith("not an encoded HdrHistogram"), e.getMessage());
        }
    }
}
