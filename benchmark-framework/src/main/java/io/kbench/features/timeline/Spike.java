package io.kbench.features.timeline;

import java.util.List;

/**
 * A measured period whose tail latency stood out ({@link SpikeRule}), and what coincided with it.
 *
 * @param figure "publish p99.9" or "end-to-end p99.9"
 * @param elapsedMicros the end of the period, from the load's start (as the periods' times)
 * @param valueMicros the figure in that period
 * @param medianMicros the figure's median over the measured periods
 * @param gcPauses the client GC pauses of at least the threshold that overlap the period widened by one period each side,
 *     longest first
 * @param retention the retention events in that widened window
 * @param brokerGcPauses the brokers' GC pauses of at least the threshold that overlap that window, longest first (on a
 *     cluster the run started)
 * @param segmentDeletions the brokers' segment deletions in that window (likewise)
 */
public record Spike(String figure, long elapsedMicros, long valueMicros, long medianMicros, List<GcPause> gcPauses,
                    List<RetentionEvent> retention, List<BrokerGcPause> brokerGcPauses, List<BrokerDeletion> segmentDeletions) {

    public Spike {
        gcPauses = gcPauses == null ? List.of() : List.copyOf(gcPauses);
        retention = retention == null ? List.of() : List.copyOf(retention);
        brokerGcPauses = brokerGcPauses == null ? List.of() : List.copyOf(brokerGcPauses);
        segmentDeletions = segmentDeletions == null ? List.of() : List.copyOf(segmentDeletions);
    }

    /** Whether something coincided with it. */
    public boolean explained() {
        return !gcPauses.isEmpty() || !retention.isEmpty() || !brokerGcPauses.isEmpty() || !segmentDeletions.isEmpty();
    }
}
