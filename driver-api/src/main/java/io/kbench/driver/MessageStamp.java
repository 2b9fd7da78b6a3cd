package io.kbench.driver;

/**
 * What the framework attaches to every message it sends to a consumed topic, and expects back,
 * unchanged, in the consumer callback: the intended send time (for end-to-end latency) and, when
 * the run checks integrity, the sending producer's id and the message's sequence number within
 * that producer (for lost, duplicated and reordered messages). The driver carries it opaquely,
 * e.g. in one record header holding {@link #encode()}; it never counts toward the message size.
 *
 * @param intendedSendEpochMicros when the open-loop schedule meant the message to be sent, µs since the Unix epoch
 * @param producerId identifies the producer within the run (and the run itself); {@link #NO_PRODUCER} when integrity is not checked
 * @param sequence 0, 1, 2, ... per producer; meaningless when {@code producerId} is {@link #NO_PRODUCER}
 */
public record MessageStamp(long intendedSendEpochMicros, long producerId, long sequence) {

    /** The producer id of a stamp that carries only the send time. */
    public static final long NO_PRODUCER = 0;

    /** Encoded length of a stamp with only the send time. */
    public static final int TIME_ONLY_BYTES = 8;
    /** Encoded length of a stamp with producer id and sequence. */
    public static final int FULL_BYTES = 24;

    /** A stamp that carries only the intended send time. */
    public static MessageStamp timeOnly(long intendedSendEpochMicros) {
        return new MessageStamp(intendedSendEpochMicros, NO_PRODUCER, -1);
    }

    /** True when the stamp carries a producer id and sequence. */
    public boolean checksIntegrity() {
        return producerId != NO_PRODUCER;
    }

    /** Big-endian: the send time, then (if present) the producer id and the sequence; 8 or 24 bytes. */
    public byte[] encode() {
        byte[] b = new byte[checksIntegrity() ? FULL_BYTES : TIME_ONLY_BYTES];
        putLong(b, 0, intendedSendEpochMicros);
        if (checksIntegrity()) {
            putLong(b, 8, producerId);
            putLong(b, 16, sequence);
        }
        return b;
    }

    /** The stamp {@link #encode()} wrote, or {@code null} for anything else (a foreign or damaged value). */
    public static MessageStamp decode(byte[] b) {
        if (b == null) {
            return null;
        }
        if (b.length == TIME_ONLY_BYTES) {
            return timeOnly(getLong(b, 0));
        }
        if (b.length == FULL_BYTES) {
            return new MessageStamp(getLong(b, 0), getLong(b, 8), getLong(b, 16));
        }
        return null;
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = at + 7; i >= at; i--) {
            b[i] = (byte) v;
            v >>>= 8;
        }
    }

    private static long getLong(byte[] b, int at) {
        long v = 0;
        for (int i = at; i < at + 8; i++) {
            v = (v << 8) | (b[i] & 0xff);
        }
        return v;
    }
}
