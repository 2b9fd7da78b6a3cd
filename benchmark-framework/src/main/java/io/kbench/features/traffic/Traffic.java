package io.kbench.features.traffic;

import io.kbench.model.ResultSection;
import java.util.List;
import java.util.Locale;

/**
 * The result's {@code traffic} section: the payload sizes the producers actually sent (when they varied), and the
 * compression the producers achieved with the bytes they sent against the payload bytes.
 *
 * @param sentSizes the sizes of the messages acknowledged since the measurement started; null when every message had the
 *     workload's one size
 * @param compression what the producers' compression made of the bytes; null when the driver reports nothing of it
 */
public record Traffic(SentSizes sentSizes, Compression compression) implements ResultSection {

    /**
     * @param messages the messages counted
     * @param meanBytes their mean payload size
     * @param histogram how many fell in each range of sizes, by powers of two: from 0 to 1 byte, 1 to 2, 2 to 4, ... (empty
     *     ranges left out)
     */
    public record SentSizes(long messages, double meanBytes, long minBytes, long p50Bytes, long p90Bytes, long p99Bytes,
                            long p999Bytes, long maxBytes, List<SizeBucket> histogram) {
        public SentSizes {
            histogram = List.copyOf(histogram);
        }

        /** "Message sizes: mean 2,050 B; p50 1,024 B, p99 16,384 B, max 65,000 B over 123,456 messages". */
        public String line() {
            return String.format(Locale.ROOT, "Message sizes sent: mean %,.0f B; min %,d B, p50 %,d B, p90 %,d B, p99 %,d B, max %,d B "
                    + "(%,d messages)", meanBytes, minBytes, p50Bytes, p90Bytes, p99Bytes, maxBytes, messages);
        }
    }

    /**
     * @param fromBytes the smallest size in the range
     * @param toBytes the first size past it
     * @param share the messages' share, 0 to 1
     */
    public record SizeBucket(long fromBytes, long toBytes, long messages, double share) {}

    /**
     * @param codec the producers' codec (Kafka: compression.type), or null when the driver cannot say
     * @param ratio the producers' own ratio of compressed to uncompressed record batches, averaged over the producers
     *     (Kafka: compression-rate-avg, over the clients' last metric window, up to a minute); null when not reported
     * @param payloadBytes the payload bytes the producers had acknowledged over the run
     * @param batchBytes the bytes of the record batches they sent over the run, after compression, with keys, headers and
     *     framing (Kafka: producer-topic-metrics byte-total); null when not reported
     * @param networkBytes the bytes they wrote to the network over the run, requests and retries included (Kafka:
     *     outgoing-byte-total); null when not reported
     * @param recordBytesPerSecond the measured window's payload bytes acknowledged per second (the publish MB/s); null
     *     without a window
     * @param batchBytesPerSecond recordBytesPerSecond × batchBytes / payloadBytes: what the record batches took per second
     * @param networkBytesPerSecond recordBytesPerSecond × networkBytes / payloadBytes
     */
    public record Compression(String codec, Double ratio, long payloadBytes, Long batchBytes, Long networkBytes,
                              Double recordBytesPerSecond, Double batchBytesPerSecond, Double networkBytesPerSecond) {

        /** "Compression: zstd, ratio 0.31: records 48.8 MB/s, 15.1 MB/s sent (record batches; 15.9 MB/s on the network)". */
        public String line() {
            StringBuilder s = new StringBuilder("Compression: ").append(codec == null ? "codec not known" : codec);
            s.append(ratio == null ? ", ratio not reported" : String.format(Locale.ROOT, ", ratio %.2f", ratio));
            if (recordBytesPerSecond != null) {
                s.append(String.format(Locale.ROOT, ": records %.1f MB/s", recordBytesPerSecond / 1048576));
                if (batchBytesPerSecond != null) {
                    s.append(String.format(Locale.ROOT, ", %.1f MB/s sent (record batches with keys, headers and framing", batchBytesPerSecond
                            / 1048576));
                    s.append(networkBytesPerSecond == null ? ")" : String.format(Locale.ROOT, "; %.1f MB/s on the network)",
                            networkBytesPerSecond / 1048576));
                }
            }
            return s.toString();
        }
    }
}
