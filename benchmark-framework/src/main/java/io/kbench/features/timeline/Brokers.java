package io.kbench.features.timeline;

import java.util.List;

/**
 * What the brokers did over the run that can explain the clients' latency, as each broker JVM saw it itself: its GC
 * pauses and its log segment deletions. Only on a cluster the run started (its brokers are watched from inside).
 *
 * @param seen whether the brokers were watched; when false, {@code notSeenWhy} says why and nothing else counts
 * @param notSeenWhy why not, or null
 * @param reads how many times the brokers were asked (at the load's start, every {@value BrokerWatch#INTERVAL_SECONDS} s,
 *     at the end of the phases)
 * @param brokerJvms how many broker JVMs answered over the run (a restarted broker is a new JVM)
 * @param gcPauseCount how many GC pauses the brokers had since the load's start, all brokers together
 * @param gcPauseTotalMicros their total duration
 * @param longestGcPauses the longest {@value BrokerWatch#KEPT_PAUSES} at most, longest first
 * @param deletionCount how many deletions there were ({@code deletions} keeps the first {@value BrokerWatch#KEPT_DELETIONS})
 * @param segmentsDeleted how many segments they deleted, all brokers together (each replica's own segments: a partition
 *     with three replicas loses a segment on each of its brokers)
 * @param deletions the deletions, oldest first
 */
public record Brokers(boolean seen, String notSeenWhy, int reads, int brokerJvms, long gcPauseCount, long gcPauseTotalMicros,
                      List<BrokerGcPause> longestGcPauses, long deletionCount, long segmentsDeleted, List<BrokerDeletion> deletions) {

    public Brokers {
        longestGcPauses = longestGcPauses == null ? List.of() : List.copyOf(longestGcPauses);
        deletions = deletions == null ? List.of() : List.copyOf(deletions);
    }

    static Brokers notSeen(String why) {
        return new Brokers(false, why, 0, 0, 0, 0, List.of(), 0, 0, List.of());
    }

    /** The longest pause in microseconds, 0 when there was none. */
    public long maxGcPauseMicros() {
        return longestGcPauses.isEmpty() ? 0 : longestGcPauses.get(0).durationMicros();
    }
}
