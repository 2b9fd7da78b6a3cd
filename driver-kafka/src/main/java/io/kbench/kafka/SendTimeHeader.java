package io.kbench.kafka;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The record header that carries a message's intended send time (µs since the epoch, 8 bytes
 * big-endian) from producer to consumer, for end-to-end latency. The key is kept short because
 * it is repeated in every record.
 */
final class SendTimeHeader {

    static final String KEY = "kb.t";

    private SendTimeHeader() {}

    static byte[] encode(long epochMicros) {
        byte[] b = new byte[8];
        for (int i = 7; i >= 0; i--) {
            b[i] = (byte) epochMicros;
            epochMicros >>>= 8;
        }
        return b;
    }

    /** The intended send time, or {@code Long.MIN_VALUE} when the record has no such header. */
    static long decode(Headers headers) {
        Header header = headers.lastHeader(KEY);
        if (header == null || header.value() == null || header.value().length != 8) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        for (byte x : header.value()) {
            v = (v << 8) | (x & 0xff);
        }
        return v;
    }
}
