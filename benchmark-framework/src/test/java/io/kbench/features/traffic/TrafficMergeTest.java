package io.kbench.features.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClientMetric.Aggregation;
import io.kbench.stats.HistogramCodec;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class TrafficMergeTest {

    @Test
    void theSizesOfEveryWorkerMakeOneHistogramByPowersOfTwo() {
        Histogram a = new Histogram(SizesOnWorker.HIGHEST_BYTES, 3);
        Histogram b = new Histogram(SizesOnWorker.HIGHEST_BYTES, 3);
        a.recordValueWithCount(100, 30);
        a.recordValueWithCount(255, 20);
        b.recordValueWithCount(256, 40);
        b.recordValueWithCount(5000, 10);
        Traffic t = TrafficMerge.merge(List.of(new TrafficFindings(HistogramCodec.encode(a), null, null, -1, -1, 0),
                new TrafficFindings(HistogramCodec.encode(b), null, null, -1, -1, 0)), 1000, null);
        Traffic.SentSizes s = t.sentSizes();
        assertEquals(100, s.messages());
        assertEquals(List.of(new Traffic.SizeBucket(64, 128, 30, 0.3), new Traffic.SizeBucket(128, 256, 20, 0.2),
                new Traffic.SizeBucket(256, 512, 40, 0.4), new Traffic.SizeBucket(4096, 8192, 10, 0.1)), s.histogram());
        assertEquals(100, s.minBytes());
        assertEquals((100 * 30 + 255 * 20 + 256 * 40 + 5000 * 10) / 100.0, s.meanBytes(), 3.0);
        assertNull(t.compression(), "a driver that says nothing of compression");
    }

    @Test
    void compressionComesFromTheProducersOwnMetricsAgainstThePayloadBytes() {
        ProducerMetrics m = ProducerMetrics.of(List.of(new ClientMetric("producer-metrics:compression-rate-avg", 0.3, Aggregation.AVG),
                new ClientMetric("producer-metrics:compression-rate-avg", 0.4, Aggregation.AVG),
                new ClientMetric("producer-topic-metrics:byte-total:{topic=a}", 3000, Aggregation.SUM),
                new ClientMetric("producer-topic-metrics:byte-total:{topic=b}", 1000, Aggregation.SUM),
                new ClientMetric("producer-metrics:outgoing-byte-total", 5000, Aggregation.SUM),
                new ClientMetric("consumer-fetch-manager-metrics:bytes-consumed-total", 9999, Aggregation.SUM)));
        assertEquals(new ProducerMetrics(0.35, 4000, 5000, 2), m);
        Traffic t = TrafficMerge.merge(List.of(new TrafficFindings(null, "zstd", m.compressionRateAvg(), m.batchBytes(), m.networkBytes(),
                m.producers())), 10_000, 2.0 * 1048576);
        Traffic.Compression c = t.compression();
        assertEquals(0.35, c.ratio(), 1e-12);
        assertEquals(0.8 * 1048576, c.batchBytesPerSecond(), 1e-6, "2 MB/s of payload × 4,000 batch bytes / 10,000 payload bytes");
        assertEquals("Compression: zstd, ratio 0.35: records 2.0 MB/s, 0.8 MB/s sent (record batches with keys, headers and framing; "
                + "1.0 MB/s on the network)", c.line());
        assertNull(t.sentSizes());
    }
}
