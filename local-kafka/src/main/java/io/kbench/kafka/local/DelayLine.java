package io.kbench.kafka.local;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayDeque;

/**
 * The bytes of one direction of a proxied connection on their way through the {@link FaultProxy},
 * each read chunk held until its due time: a delay line. Many chunks are in flight at once, so a
 * delay adds latency without capping throughput at one read per delay (as a sleep per read would);
 * the bytes leave in the order they came, and never before they are due.
 *
 * <p>Time is given by the caller ({@code nowNanos}, from {@link System#nanoTime()} in the proxy), so
 * the timing is tested without sleeping. Not thread-safe: the proxy's I/O thread owns it.
 */
final class DelayLine {

    /** Bytes and the monotonic time they may be written from. */
    private record Chunk(ByteBuffer bytes, long dueNanos) {}

    private final ArrayDeque<Chunk> chunks = new ArrayDeque<>();
    private long heldBytes;
    private long lastDueNanos;

    /** Bytes held (read, not yet written). */
    long heldBytes() {
        return heldBytes;
    }

    boolean isEmpty() {
        return chunks.isEmpty();
    }

    /**
     * Takes a copy of {@code src}'s remaining bytes (consuming them), due {@code delayNanos} after
     * {@code nowNanos}, and never before bytes taken earlier: a delay made shorter does not let
     * later bytes overtake.
     */
    void add(ByteBuffer src, long nowNanos, long delayNanos) {
        if (!src.hasRemaining()) {
            return;
        }
        long due = nowNanos + Math.max(0, delayNanos);
        if (!chunks.isEmpty() && due - lastDueNanos < 0) {
            due = lastDueNanos;
        }
        ByteBuffer copy = ByteBuffer.allocate(src.remaining());
        copy.put(src).flip();
        chunks.addLast(new Chunk(copy, due));
        heldBytes += copy.remaining();
        lastDueNanos = due;
    }

    /** Whether some bytes may be written at {@code nowNanos}. */
    boolean hasDue(long nowNanos) {
        Chunk first = chunks.peekFirst();
        return first != null && first.dueNanos() - nowNanos <= 0;
    }

    /** When the oldest byte held falls due; only meaningful when not {@link #isEmpty()}. */
    long nextDueNanos() {
        Chunk first = chunks.peekFirst();
        if (first == null) {
            throw new IllegalStateException("nothing is held");
        }
        return first.dueNanos();
    }

    /**
     * Writes the bytes due at {@code nowNanos}, oldest first, as far as {@code out} takes them (a
     * non-blocking channel may take part of a chunk: the rest stays first in line).
     *
     * @return the number of bytes written
     */
    long drainTo(WritableByteChannel out, long nowNanos) throws IOException {
        long written = 0;
        while (hasDue(nowNanos)) {
            ByteBuffer bytes = chunks.peekFirst().bytes();
            int n = out.write(bytes);
            written += n;
            heldBytes -= n;
            if (bytes.hasRemaining()) {
                break; // the peer's window is full: wait until the channel is writable again
            }
            chunks.removeFirst();
        }
        return written;
    }
}
