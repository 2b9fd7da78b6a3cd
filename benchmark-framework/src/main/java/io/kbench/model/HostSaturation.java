package io.kbench.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The diagnosis rule for workers that share a host: when a host carrying two or more of the run's workers was busy
 * {@value Diagnostician#CPU_LIMIT} or more of its CPU time over the measurement (by all its processes, steal
 * included), the clients were starved of CPU there, whatever each worker's own JVM used: the run is client-bound,
 * and the host is named. A host with one worker is judged by that worker's own CPU (its JVM's share), as before:
 * there the other processes (a broker started on the same machine, say) are not the run's clients.
 */
public final class HostSaturation {

    private HostSaturation() {}

    /** One reason per saturated host carrying several workers; empty when none. */
    public static List<String> reasons(List<HostLoad> hosts) {
        List<String> reasons = new ArrayList<>();
        for (HostLoad h : hosts) {
            if (h.workers().size() >= 2 && h.busyShare() >= Diagnostician.CPU_LIMIT) {
                reasons.add(String.format(Locale.ROOT, "host %s, which runs %d workers (%s), was %.0f%% busy over its %d CPUs during "
                        + "the measurement, by all its processes%s (%.0f%% or more means the workers there had no CPU to spare)",
                        h.host(), h.workers().size(), String.join(", ", h.workers()), 100 * h.busyShare(), h.cpus(),
                        h.stealShare() >= 0.005 ? String.format(Locale.ROOT, ", %.0f%% of it stolen by the hypervisor", 100 * h.stealShare())
                                : "", 100 * Diagnostician.CPU_LIMIT));
            }
        }
        return reasons;
    }
}
