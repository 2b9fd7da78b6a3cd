package io.kbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kbench.model.ConsumerMetrics;
import io.kbench.stats.LatencySummary;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;

class PerfToolFormatTest {

    @Test
    void producerLineMatchesKafkaProducerPerfTestTotal() {
        // kafka-producer-perf-test prints its total with "%d records sent, %f records/sec (%.2f MB/sec), %.2f ms avg
        // latency, %.2f ms max latency, %d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th."
        LatencySummary send = new LatencySummary(100, 1_500, 1_000, 1_200, 2_000, 3_000, 3_000, 3_000, 3_000, 3_000);
        assertEquals("100 records sent, 10.000000 records/sec (0.01 MB/sec), 1.50 ms avg latency, 3.00 ms max latency, "
                        + "1 ms 50th, 2 ms 95th, 3 ms 99th, 3 ms 99.9th.",
                PerfToolFormat.producerLine(100, 10.0, 0.01, send));
    }

    @Test
    void producerLinePercentilesAreWholeMillisecondsRoundedDown() {
        LatencySummary send = new LatencySummary(5, 12_345.6, 999, 1_000, 1_999, 25_001, 99_999, 0, 0, 123_456);
        assertEquals("12345 records sent, 751992.780869 records/sec (71.72 MB/sec), 12.35 ms avg latency, 123.46 ms max latency, "
                        + "0 ms 50th, 1 ms 95th, 25 ms 99th, 99 ms 99.9th.",
                PerfToolFormat.producerLine(12_345, 751_992.780869, 71.719, send));
    }

    @Test
    void consumerLineMatchesKafkaConsumerPerfTest() {
        ConsumerMetrics c = ConsumerMetrics.of(1_700_000_000_000_000L, 1_700_000_010_500_000L, 10L * 1024 * 1024, 10_000, 500, false);
        DateTimeFormatter kafka = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS").withZone(ZoneId.systemDefault());
        String start = kafka.format(Instant.ofEpochMilli(1_700_000_000_000L));
        String end = kafka.format(Instant.ofEpochMilli(1_700_000_010_500L));
        assertEquals(start + ", " + end + ", 10.0000, 0.9091, 10000, 909.0909, 500, 10500, 0.9524, 952.3810",
                PerfToolFormat.consumerLine(c));
        assertEquals("start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, "
                + "rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec", PerfToolFormat.CONSUMER_HEADER);
    }
}
