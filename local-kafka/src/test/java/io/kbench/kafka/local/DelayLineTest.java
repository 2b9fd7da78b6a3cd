package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The delay line's timing, on times the test gives (no sleeping). */
class DelayLineTest {

    static final long MS = 1_000_000L;
    /** Any monotonic origin: nanoTime may be negative. */
    static final long T0 = -5_000 * MS;

    /** A channel taking at most {@code limit} bytes per write, like a peer whose window is nearly full. */
    static final class Sink implements WritableByteChannel {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int limit = Integer.MAX_VALUE;

        @Override
        public int write(ByteBuffer src) {
            int n = Math.min(limit, src.remaining());
            for (int i = 0; i < n; i++) {
                bytes.write(src.get());
            }
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }

        String text() {
            return bytes.toString(StandardCharsets.US_ASCII);
        }
    }

    static ByteBuffer bytes(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void aByteLeavesExactlyWhenItsDelayIsOverAndNotBefore() throws Exception {
        DelayLine line = new DelayLine();
        Sink out = new Sink();
        ByteBuffer src = bytes("ping");
        line.add(src, T0, 50 * MS);
        assertFalse(src.hasRemaining(), "the line took the bytes");
        assertEquals(4, line.heldBytes());
        assertEquals(T0 + 50 * MS, line.nextDueNanos());

        assertFalse(line.hasDue(T0 + 50 * MS - 1));
        assertEquals(0, line.drainTo(out, T0 + 50 * MS - 1));
        assertEquals("", out.text());

        assertTrue(line.hasDue(T0 + 50 * MS));
        assertEquals(4, line.drainTo(out, T0 + 50 * MS));
        assertEquals("ping", out.text());
        assertTrue(line.isEmpty());
        assertEquals(0, line.heldBytes());
    }

    @Test
    void manyChunksAreInFlightAtOnceSoThroughputIsNotOneChunkPerDelay() throws Exception {
        // 1,000 reads of 1 KiB, one every millisecond, through a 100 ms delay.
        DelayLine line = new DelayLine();
        Sink out = new Sink();
        for (int i = 0; i < 1000; i++) {
            line.add(ByteBuffer.allocate(1024), T0 + i * MS, 100 * MS);
        }
        assertEquals(1000 * 1024, line.heldBytes(), "all in flight together");
        assertEquals(0, line.drainTo(out, T0 + 99 * MS));
        assertEquals(1024, line.drainTo(out, T0 + 100 * MS), "the first read is due after the delay");
        assertEquals(500 * 1024, line.drainTo(out, T0 + 600 * MS), "then they leave at the rate they came");
        assertEquals(499 * 1024, line.drainTo(out, T0 + 1099 * MS), "the last one 100 ms after it came, 1.1 s in all, not 100 s");
        assertTrue(line.isEmpty());
    }

    @Test
    void bytesKeepTheirOrderWhenTheDelayIsShortenedAndWhenTheChannelTakesPartOfAChunk() throws Exception {
        DelayLine line = new DelayLine();
        Sink out = new Sink();
        line.add(bytes("first-"), T0, 200 * MS);
        line.add(bytes("second-"), T0 + 10 * MS, 0);          // the delay was lifted: still after "first-"
        line.add(bytes("third"), T0 + 300 * MS, 0);
        assertEquals(T0 + 200 * MS, line.nextDueNanos());
        assertEquals(0, line.drainTo(out, T0 + 150 * MS), "the undelayed bytes wait for the delayed ones before them");

        out.limit = 4;
        assertEquals(4, line.drainTo(out, T0 + 200 * MS), "the channel took 4 bytes");
        assertEquals("firs", out.text());
        assertEquals(14, line.heldBytes());
        out.limit = Integer.MAX_VALUE;
        assertEquals(9, line.drainTo(out, T0 + 200 * MS), "the rest of the first and the second chunk; the third is not due");
        assertEquals("first-second-", out.text());
        assertEquals(5, line.drainTo(out, T0 + 300 * MS));
        assertEquals("first-second-third", out.text());
    }

    @Test
    void withoutADelayBytesAreDueAtOnceAndEmptyReadsAreIgnored() throws Exception {
        DelayLine line = new DelayLine();
        Sink out = new Sink();
        line.add(ByteBuffer.allocate(0), T0, 0);
        assertTrue(line.isEmpty());
        ByteBuffer partly = bytes("xxabc");
        partly.position(2);
        line.add(partly, T0, 0);
        assertTrue(line.hasDue(T0));
        line.drainTo(out, T0);
        assertArrayEquals("abc".getBytes(StandardCharsets.US_ASCII), out.bytes.toByteArray(), "only the remaining bytes");
    }
}
