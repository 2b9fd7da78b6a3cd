package io.kbench.features.workermemory;

import io.kbench.model.ResultSection;
import java.util.List;
import java.util.Locale;

/**
 * Each worker's memory at the end of its load ({@link WorkerMemory}), a section of the result: what the
 * cost of many partitions (the clients' per-partition batches and fetch buffers, the integrity state) comes
 * to on the client machines.
 *
 * @param workers one entry per worker that reported it
 */
public record WorkerMemories(List<WorkerMemory> workers) implements ResultSection {

    public WorkerMemories {
        workers = workers == null ? List.of() : List.copyOf(workers);
    }

    /** The section, or null when no worker reported its memory. */
    public static WorkerMemories of(List<WorkerMemory> workers) {
        List<WorkerMemory> known = workers.stream().filter(w -> w != null).toList();
        return known.isEmpty() ? null : new WorkerMemories(known);
    }

    /** The largest peak resident set of any worker, in bytes, or -1 when unknown. */
    public long maxPeakRssBytes() {
        return workers.stream().mapToLong(WorkerMemory::peakRssBytes).max().orElse(-1);
    }

    /** The largest live heap of any worker, in bytes. */
    public long maxLiveHeapBytes() {
        return workers.stream().mapToLong(WorkerMemory::liveHeapBytes).max().orElse(0);
    }

    /** "Worker memory: peak RSS 812 MiB, live heap 143 MiB (local)", or per worker when there are several. */
    public String line() {
        if (workers.size() == 1) {
            WorkerMemory w = workers.get(0);
            return String.format(Locale.ROOT, "Worker memory: peak RSS %s, live heap after a full GC %s (%s)", mib(w.peakRssBytes()),
                    mib(w.liveHeapBytes()), w.workerId());
        }
        return String.format(Locale.ROOT, "Worker memory (largest of %d workers): peak RSS %s, live heap after a full GC %s",
                workers.size(), mib(maxPeakRssBytes()), mib(maxLiveHeapBytes()));
    }

    private static String mib(long bytes) {
        return bytes < 0 ? "unknown" : String.format(Locale.ROOT, "%,d MiB", bytes >> 20);
    }
}
