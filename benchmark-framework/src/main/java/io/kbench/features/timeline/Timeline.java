package io.kbench.features.timeline;

import io.kbench.model.ResultSection;
import java.util.List;

/**
 * What happened in the clients and the cluster over the run, and which latency spikes it explains, a section of the
 * result: the clients' GC pauses, retention removing messages from the run's partitions, the brokers' GC pauses and
 * segment deletions (on a cluster the run started), and the spikes of the
 * measurement by {@link SpikeRule}, each with what coincided.
 *
 * @param loadStartEpochMicros when the load started, microseconds since the Unix epoch: the origin of the events' and
 *     periods' elapsed times; 0 when the load never started
 * @param gcPauses the clients' GC pauses over the run, all workers together
 * @param retention retention at work on the run's partitions
 * @param brokers what the brokers did, as they saw it: their GC pauses and segment deletions (on a cluster the run started)
 * @param spikeFactor a spike is above this many times its figure's median ...
 * @param spikeMinExcessMicros ... and above it by at least this much
 * @param gcThresholdMicros the shortest GC pause a spike is attributed to
 * @param spikeCount how many spikes there were ({@code spikes} keeps the highest {@value SpikeRule#KEPT})
 * @param spikes the spikes, oldest first
 */
public record Timeline(long loadStartEpochMicros, GcPauses gcPauses, Retention retention, Brokers brokers, double spikeFactor, long spikeMinExcessMicros,
                       long gcThresholdMicros, int spikeCount, List<Spike> spikes) implements ResultSection {

    public Timeline {
        spikes = spikes == null ? List.of() : List.copyOf(spikes);
        gcPauses = gcPauses == null ? GcPauses.NONE : gcPauses;
        brokers = brokers == null ? Brokers.notSeen("not recorded") : brokers; // a result written before brokers were watched
    }

    /** The GC pauses of at least the threshold, longest first. */
    public List<GcPause> longPauses() {
        return gcPauses.longest().stream().filter(p -> p.durationMicros() >= gcThresholdMicros).toList();
    }

    /** The brokers' GC pauses of at least the threshold, longest first. */
    public List<BrokerGcPause> longBrokerPauses() {
        return brokers.longestGcPauses().stream().filter(p -> p.durationMicros() >= gcThresholdMicros).toList();
    }
}
