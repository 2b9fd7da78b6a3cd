package io.kbench.workload;

import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import java.util.Locale;

/**
 * The largest record a workload sends, in bytes, as a driver's limit counts it (Kafka's {@code max.request.size}):
 * the payload, the key, the user headers and kbench's stamp header, with the framing of a record and its batch.
 *
 * @param payloadBytes the largest payload
 * @param keyBytes the longest key
 * @param headerBytes the user headers' names and values, with their framing
 * @param stampBytes kbench's own header, with its framing
 */
public record LargestRecord(long payloadBytes, long keyBytes, long headerBytes, long stampBytes) {

    /** A record's and its batch's framing in Kafka's format (v2): 61 bytes of batch header, at most 21 per record. */
    static final long FRAMING_BYTES = 61 + 21;
    /** A header's framing: the varint lengths of its name and value. */
    static final long HEADER_FRAMING_BYTES = 10;
    /** The longest key of OMB's key distributors: a long in base 36. */
    static final long OMB_KEY_BYTES = 13;

    public static LargestRecord of(Workload w, PayloadSpec payload) {
        long key = w.keys() != null ? w.keys().sizeBytes() : w.keyDistributor() == KeyDistributorType.NO_KEY ? 0 : OMB_KEY_BYTES;
        long headers = w.headers() == null ? 0 : w.headers().bytes() + w.headers().count() * HEADER_FRAMING_BYTES;
        long stamp = ProducerOptions.STAMP_HEADER.length() + MessageStamp.FULL_BYTES + HEADER_FRAMING_BYTES;
        return new LargestRecord(payload.maxPayloadBytes(), key, headers, stamp);
    }

    public long totalBytes() {
        return payloadBytes + keyBytes + headerBytes + stampBytes + FRAMING_BYTES;
    }

    /** "1,048,700 bytes (payload 1,000,000 + key 16 + headers 48,362 + kbench's stamp 36 + framing 82)". */
    public String describe() {
        return String.format(Locale.ROOT, "%,d bytes (payload %,d + key %,d + headers %,d + kbench's stamp %,d + framing %,d)",
                totalBytes(), payloadBytes, keyBytes, headerBytes, stampBytes, FRAMING_BYTES);
    }
}
