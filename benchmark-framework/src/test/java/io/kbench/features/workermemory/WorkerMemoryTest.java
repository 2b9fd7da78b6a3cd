package io.kbench.features.workermemory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkerMemoryTest {

    @Test
    void procStatusLinesAreReadInBytes() {
        List<String> status = List.of("Name:\tjava", "VmHWM:\t  812340 kB", "VmRSS:\t  700000 kB");
        assertEquals(812_340L * 1024, WorkerMemory.kilobytes(status, "VmHWM:"));
        assertEquals(-1, WorkerMemory.kilobytes(status, "VmSwap:"));
    }

    @Test
    void thisJvmsMemoryIsMeasured() {
        WorkerMemory m = WorkerMemory.measure("w");
        assertTrue(m.liveHeapBytes() > 0 && (m.maxHeapBytes() < 0 || m.liveHeapBytes() <= m.maxHeapBytes()), m.toString());
        if (System.getProperty("os.name").startsWith("Linux")) {
            assertTrue(m.peakRssBytes() >= m.rssBytes() && m.rssBytes() > 0, m.toString());
        }
    }

    @Test
    void theSectionSaysTheLargestWorkersFigures() {
        WorkerMemories both = WorkerMemories.of(Arrays.asList(new WorkerMemory("a", 800L << 20, 700L << 20, 100L << 20, 1L << 30),
                null, new WorkerMemory("b", 900L << 20, 600L << 20, 50L << 20, 1L << 30)));
        assertEquals(2, both.workers().size(), "a worker that did not say is left out");
        assertEquals("Worker memory (largest of 2 workers): peak RSS 900 MiB, live heap after a full GC 100 MiB", both.line());
        assertEquals("Worker memory: peak RSS 800 MiB, live heap after a full GC 100 MiB (a)",
                WorkerMemories.of(List.of(both.workers().get(0))).line());
        assertNull(WorkerMemories.of(Arrays.asList((WorkerMemory) null)));
    }
}
