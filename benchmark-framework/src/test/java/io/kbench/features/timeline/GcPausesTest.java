package io.kbench.features.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.time.BenchmarkClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** GC pauses: bounded per JVM, merged over workers, and really heard from this JVM's collectors. */
class GcPausesTest {

    private static GcPause pause(long startMicros, long durationMicros, String worker) {
        return new GcPause(startMicros, durationMicros, worker, "G1 Young Generation", "G1 Evacuation Pause");
    }

    @Test
    void aLogCountsEveryPauseAndKeepsOnlyTheLongest() {
        GcPauseLog log = new GcPauseLog(3);
        long[] durations = {5, 50, 1, 70, 20, 60, 2};
        for (int i = 0; i < durations.length; i++) {
            log.add(pause(i * 1_000L, durations[i] * 1_000, "w1"));
        }
        GcPauses p = log.snapshot();
        assertEquals(7, p.count());
        assertEquals(208_000, p.totalMicros());
        assertEquals(List.of(70_000L, 60_000L, 50_000L), p.longest().stream().map(GcPause::durationMicros).toList());
        assertEquals(70_000, p.maxMicros());
    }

    @Test
    void mergingAddsCountsAndKeepsTheLongestOfAllWorkers() {
        List<GcPause> many = new ArrayList<>();
        for (int i = 0; i < GcPauses.KEPT; i++) {
            many.add(pause(i, 1_000 + i, "w1"));
        }
        GcPauses w1 = new GcPauses(500, 2_000_000, many);
        GcPauses w2 = new GcPauses(2, 300_000, List.of(pause(7, 250_000, "w2"), pause(9, 50_000, "w2")));
        GcPauses merged = GcPauses.merge(java.util.Arrays.asList(w1, null, w2));
        assertEquals(502, merged.count());
        assertEquals(2_300_000, merged.totalMicros());
        assertEquals(GcPauses.KEPT, merged.longest().size());
        assertEquals("w2", merged.longest().get(0).workerId());
        assertEquals(250_000, merged.maxMicros());
        assertEquals(50_000, merged.longest().get(1).durationMicros());
        assertEquals(GcPauses.NONE, GcPauses.merge(List.of()));
    }

    @Test
    void onlyStopTheWorldCollectionsCountAsPauses() {
        assertTrue(GcWatch.isPause("G1 Young Generation", "end of minor GC"));
        assertTrue(GcWatch.isPause("G1 Old Generation", "end of major GC"));
        assertTrue(GcWatch.isPause("ZGC Minor Pauses", "end of GC pause"));
        assertTrue(GcWatch.isPause("Shenandoah Pauses", "end of GC pause"));
        assertFalse(GcWatch.isPause("ZGC Major Cycles", "end of GC cycle"));
        assertFalse(GcWatch.isPause("Shenandoah Cycles", "end of GC cycle"));
    }

    @Test
    void aRealCollectionOfThisJvmIsRecordedOnTheRunsClockUntilClosed() throws InterruptedException {
        BenchmarkClock clock = BenchmarkClock.system();
        long before = clock.epochMicros();
        GcWatch watch = GcWatch.start(clock, "local", GcPauses.KEPT);
        try {
            System.gc();
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (watch.pauses().count() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10); // the JVM delivers its notifications on a thread of its own
            }
            GcPauses p = watch.pauses();
            assertTrue(p.count() >= 1, "System.gc() is a stop-the-world collection");
            GcPause first = p.longest().get(0);
            assertEquals("local", first.workerId());
            assertTrue(first.startEpochMicros() >= before - first.durationMicros() - 1_000 && first.startEpochMicros() <= clock.epochMicros(),
                    first.toString());
        } finally {
            watch.close();
        }
        long heard = watch.pauses().count();
        System.gc();
        Thread.sleep(200);
        assertEquals(heard, watch.pauses().count(), "a closed watch hears nothing");
    }

    @Test
    void aWorkersNextRunClosesTheWatchItsFailedRunLeftOpen() throws InterruptedException {
        BenchmarkClock clock = BenchmarkClock.system();
        GcWatch leftOpen = GcWatch.start(clock, "w-reused", GcPauses.KEPT);
        GcWatch next = GcWatch.start(clock, "w-reused", GcPauses.KEPT);
        try {
            long heard = leftOpen.pauses().count();
            System.gc();
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (next.pauses().count() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(next.pauses().count() >= 1, "the new run's watch hears the collection");
            assertEquals(heard, leftOpen.pauses().count(), "the one left open was closed: one listener per worker");
        } finally {
            next.close();
        }
    }
}
