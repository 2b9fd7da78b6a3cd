package io.kbench.workload.traffic;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The payloads a worker's producers send, made once and shared: in turn (one fixed size, as before), or drawn at
 * random per message (a size distribution's table, a corpus of real payloads). Each producer draws through its own
 * {@link #source}, seeded, so a run's choices repeat.
 */
public final class Payloads {

    private final byte[][] payloads;
    private final boolean drawn;

    private Payloads(List<byte[]> payloads, boolean drawn) {
        if (payloads.isEmpty()) {
            throw new IllegalArgumentException("no payloads");
        }
        this.payloads = payloads.toArray(new byte[0][]);
        this.drawn = drawn;
    }

    /** Each producer sends these one after another, from the first (one payload: always it). */
    public static Payloads inTurn(List<byte[]> payloads) {
        return new Payloads(payloads, false);
    }

    /** Each message takes one of these at random, each as often as another. */
    public static Payloads drawn(List<byte[]> payloads) {
        return new Payloads(payloads, true);
    }

    /**
     * One payload per entry of a size table, each of its entry's size and with content of its own (so that a
     * compressor finds no repeats between messages that the content does not have), drawn at random per message.
     *
     * @param randomized OMB's randomized payloads: the first {@code randomBytesRatio} of each payload random bytes, the
     *     rest zeros; else random letters A–Z, as kafka-producer-perf-test makes
     */
    public static Payloads generated(int[] sizes, boolean randomized, double randomBytesRatio, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        byte[][] made = new byte[sizes.length][];
        for (int i = 0; i < sizes.length; i++) {
            made[i] = randomized ? randomHead(sizes[i], randomBytesRatio, random) : letters(sizes[i], random);
        }
        return new Payloads(List.of(made), true);
    }

    /** {@code size} random letters A–Z. */
    static byte[] letters(int size, SplittableRandom random) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) ('A' + random.nextInt(26));
        }
        return b;
    }

    /** {@code size} bytes: the first {@code ratio} of them random, the rest zeros. */
    static byte[] randomHead(int size, double ratio, SplittableRandom random) {
        byte[] b = new byte[size];
        int head = (int) Math.round(size * ratio);
        for (int i = 0; i < head; i++) {
            b[i] = (byte) random.nextInt(256);
        }
        return b;
    }

    public int count() {
        return payloads.length;
    }

    /** Payload {@code i}, shared: do not modify it. */
    public byte[] payload(int i) {
        return payloads[i];
    }

    /** Whether each message draws its payload at random (else they come in turn). */
    public boolean drawnAtRandom() {
        return drawn;
    }

    /** The largest payload, bytes. */
    public int maxBytes() {
        int max = 0;
        for (byte[] p : payloads) {
            max = Math.max(max, p.length);
        }
        return max;
    }

    /** One producer's way through the payloads; {@code seed} fixes its draws. */
    public PayloadSource source(long seed) {
        if (payloads.length == 1) {
            byte[] only = payloads[0];
            return sequence -> only;
        }
        if (!drawn) {
            return sequence -> payloads[(int) (sequence % payloads.length)];
        }
        SplittableRandom random = new SplittableRandom(seed);
        int n = payloads.length;
        return sequence -> payloads[(int) (((random.nextLong() >>> 32) * n) >>> 32)];
    }
}
