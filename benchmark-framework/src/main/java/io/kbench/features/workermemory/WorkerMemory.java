package io.kbench.features.workermemory;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A worker's memory once its load is over, its clients still open: what the operating system saw
 * (resident set now, and at its peak) and what the JVM's heap holds after a full collection (the
 * live data: the clients' buffers, the integrity state, the histograms). In a local run the worker
 * shares its JVM with the coordinator, so the figures are the whole tool's.
 *
 * @param workerId the worker
 * @param peakRssBytes the JVM's largest resident set since the run started ({@code VmHWM}, reset at the start where
 *     Linux allows; else over the JVM's life), or -1 when unknown (not Linux)
 * @param rssBytes its resident set now ({@code VmRSS}), or -1 when unknown
 * @param liveHeapBytes heap in use right after a full collection
 * @param maxHeapBytes the heap's limit (-Xmx), or -1 when unbounded
 */
public record WorkerMemory(String workerId, long peakRssBytes, long rssBytes, long liveHeapBytes, long maxHeapBytes) {

    /** This JVM's memory now; runs a full collection first, so call it when the measurement is over. */
    public static WorkerMemory measure(String workerId) {
        System.gc();
        var heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        List<String> status = status(Path.of("/proc/self/status"));
        return new WorkerMemory(workerId, kilobytes(status, "VmHWM:"), kilobytes(status, "VmRSS:"), heap.getUsed(), heap.getMax());
    }

    /**
     * Starts the peak resident set ({@code VmHWM}) anew from the current one, so that a run's peak is its own, not an
     * earlier run's of the same JVM (Linux 4.0 and later: {@code /proc/self/clear_refs}); does nothing elsewhere.
     */
    public static void resetPeak() {
        try {
            Files.writeString(Path.of("/proc/self/clear_refs"), "5");
        } catch (IOException | RuntimeException e) {
            // not Linux, or not allowed: the peak stays the JVM's
        }
    }

    private static List<String> status(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** A {@code Name:   1234 kB} line of /proc/self/status, in bytes, or -1. */
    static long kilobytes(List<String> status, String name) {
        for (String line : status) {
            if (line.startsWith(name)) {
                String[] parts = line.substring(name.length()).trim().split("\\s+");
                try {
                    return Long.parseLong(parts[0]) * 1024;
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }
}
