package io.kbench.result;

import io.kbench.model.ConsumerMetrics;
import io.kbench.stats.LatencySummary;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The final lines of Kafka's own perf tools, so users can set old and new numbers side by side.
 * The producer line uses send latency (ack − actual send), which is what kafka-producer-perf-test
 * measures; percentiles are whole milliseconds, as there.
 */
public final class PerfToolFormat {

    public static final String CONSUMER_HEADER = "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, "
            + "nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS").withZone(ZoneId.systemDefault());

    private PerfToolFormat() {}

    /** kafka-producer-perf-test's summary line. */
    public static String producerLine(long records, double recordsPerSec, double mbPerSec, LatencySummary sendLatency) {
        return String.format(Locale.ROOT,
                "%d records sent, %f records/sec (%.2f MB/sec), %.2f ms avg latency, %.2f ms max latency, "
                        + "%d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th.",
                records, recordsPerSec, mbPerSec,
                sendLatency.avgMicros() / 1_000.0, sendLatency.maxMicros() / 1_000.0,
                sendLatency.p50Micros() / 1_000, sendLatency.p95Micros() / 1_000,
                sendLatency.p99Micros() / 1_000, sendLatency.p999Micros() / 1_000);
    }

    /**
     * The two result lines of Kafka's EndToEndLatency tool (whole milliseconds for percentiles),
     * for end-to-end probes with one message in flight.
     */
    public static String[] endToEndLines(LatencySummary endToEnd) {
        return new String[] {
            String.format(Locale.ROOT, "Avg latency: %.4f ms", endToEnd.avgMicros() / 1_000.0),
            String.format(Locale.ROOT, "Percentiles: 50th = %d, 99th = %d, 99.9th = %d",
                    endToEnd.p50Micros() / 1_000, endToEnd.p99Micros() / 1_000, endToEnd.p999Micros() / 1_000)
        };
    }

    /** kafka-consumer-perf-test's data line (see {@link #CONSUMER_HEADER}). */
    public static String consumerLine(ConsumerMetrics c) {
        return String.format(Locale.ROOT, "%s, %s, %.4f, %.4f, %d, %.4f, %d, %d, %.4f, %.4f",
                TIME.format(Instant.ofEpochMilli(c.startEpochMillis())),
                TIME.format(Instant.ofEpochMilli(c.endEpochMillis())),
                c.consumedMB(), c.mbPerSec(), c.consumedMessages(), c.messagesPerSec(),
                c.rebalanceTimeMillis(), c.fetchTimeMillis(), c.fetchMBPerSec(), c.fetchMessagesPerSec());
    }
}
