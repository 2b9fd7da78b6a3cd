package io.kbench.features.integrity;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import org.roaringbitmap.RoaringBitmap;

/**
 * A set of one producer's sequence numbers (0 to 2^32 − 1), compressed: a run's acknowledged or
 * consumed sequences are mostly one dense range, which takes a few bytes. Writers call
 * {@link #add} from one thread at a time; the lock only makes the final read safe.
 */
public final class SequenceSet {

    /** Largest sequence a set can hold; later messages go unchecked (2^32 per producer is hours at 1M msg/s). */
    public static final long MAX_SEQUENCE = 0xffffffffL;

    private final RoaringBitmap bits;

    public SequenceSet() {
        this(new RoaringBitmap());
    }

    private SequenceSet(RoaringBitmap bits) {
        this.bits = bits;
    }

    /** A set holding a copy of {@code bits}, for owners that keep a bitmap under a lock of their own. */
    static SequenceSet copyOf(RoaringBitmap bits) {
        return new SequenceSet(bits.clone());
    }

    /** @return false when the sequence was already in the set (or cannot be held) */
    public synchronized boolean add(long sequence) {
        if (sequence < 0 || sequence > MAX_SEQUENCE) {
            return false;
        }
        return bits.checkedAdd((int) sequence);
    }

    public synchronized long size() {
        return bits.getLongCardinality();
    }

    /** A copy, safe to read while this set keeps growing. */
    public synchronized SequenceSet copy() {
        return new SequenceSet(bits.clone());
    }

    /** Sequences in both sets. */
    public long intersectionSize(SequenceSet other) {
        RoaringBitmap a = snapshot();
        RoaringBitmap b = other.snapshot();
        return RoaringBitmap.andCardinality(a, b);
    }

    /** Sequences here that {@code other} lacks. */
    public long missingFrom(SequenceSet other) {
        RoaringBitmap a = snapshot();
        RoaringBitmap b = other.snapshot();
        return RoaringBitmap.andNotCardinality(a, b);
    }

    /** Adds every sequence of {@code other} to this set. */
    public void addAll(SequenceSet other) {
        RoaringBitmap theirs = other.snapshot(); // outside our lock: never hold two
        synchronized (this) {
            bits.or(theirs);
        }
    }

    /** Removes every sequence of {@code other} from this set. */
    public void removeAll(SequenceSet other) {
        RoaringBitmap theirs = other.snapshot(); // outside our lock: never hold two
        synchronized (this) {
            bits.andNot(theirs);
        }
    }

    private synchronized RoaringBitmap snapshot() {
        return bits.clone();
    }

    /** Base64 of the portable Roaring encoding, run-compressed. */
    @JsonValue
    public String encode() {
        RoaringBitmap copy = snapshot();
        copy.runOptimize();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(copy.serializedSizeInBytes());
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            copy.serialize(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    @JsonCreator
    public static SequenceSet decode(String base64) {
        RoaringBitmap bits = new RoaringBitmap();
        try {
            bits.deserialize(ByteBuffer.wrap(Base64.getDecoder().decode(base64)));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded sequence set: " + e.getMessage(), e);
        }
        return new SequenceSet(bits);
    }
}
