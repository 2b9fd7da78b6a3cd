package io.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class SingleWriterPhaserTest {

    @Test
    void theWriterRecordsIntoTheCurrentPhaseAndTheReaderGetsTheOldOne() {
        SingleWriterPhaser phaser = new SingleWriterPhaser();
        int p = phaser.enter();
        phaser.exit();
        assertEquals(0, p, "it starts in phase 0");
        assertEquals(0, phaser.flip(), "the flip closes phase 0");
        assertEquals(1, phaser.enter());
        phaser.exit();
        assertEquals(1, phaser.flip());
        assertEquals(0, phaser.enter());
        phaser.exit();
    }

    /** Plain, unsynchronised counters, as the interval buffers are. */
    private static final class Buffer {
        long first;
        long second;
    }

    /**
     * Writers on their own phasers, each recording a pair of plain counters per event with work in
     * between, while one reader flips all phasers without pause: every closed buffer it reads holds
     * whole events only (both counters equal), and the buffers add up to every event exactly.
     */
    @Test
    void aReaderFlippingAllTheTimeSeesWholeEventsAndEveryOne() throws Exception {
        int writers = 3;
        long perWriter = 2_000_000;
        List<SingleWriterPhaser> phasers = new ArrayList<>();
        List<Buffer[]> buffers = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        for (int w = 0; w < writers; w++) {
            SingleWriterPhaser phaser = new SingleWriterPhaser();
            Buffer[] pair = {new Buffer(), new Buffer()};
            phasers.add(phaser);
            buffers.add(pair);
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    long sink = 0;
                    for (long i = 0; i < perWriter; i++) {
                        int phase = phaser.enter();
                        Buffer b = pair[phase];
                        b.first++;
                        for (int k = 0; k < (i & 7); k++) {
                            sink += k * i; // a little work between the two halves of the event
                        }
                        b.second++;
                        phaser.exit();
                    }
                    if (sink == 42) {
                        System.out.print("");
                    }
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            t.start();
            threads.add(t);
        }
        long[] total = new long[writers];
        long flips = 0;
        AtomicBoolean running = new AtomicBoolean(true);
        start.countDown();
        while (running.get()) {
            running.set(threads.stream().anyMatch(Thread::isAlive));
            for (int w = 0; w < writers; w++) {
                Buffer closed = buffers.get(w)[phasers.get(w).flip()];
                assertEquals(closed.first, closed.second, "a closed buffer holds whole events only");
                total[w] += closed.first;
                closed.first = 0;
                closed.second = 0;
                flips++;
            }
        }
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(null, failure.get());
        for (int w = 0; w < writers; w++) {
            Buffer closed = buffers.get(w)[phasers.get(w).flip()]; // whatever was recorded since the last flip
            total[w] += closed.first;
            Buffer other = buffers.get(w)[phasers.get(w).flip()];
            total[w] += other.first;
            assertEquals(perWriter, total[w], "writer " + w + ": every event counted exactly once");
        }
        assertTrue(flips > writers, "the reader flipped while the writers ran: " + flips);
    }
}
