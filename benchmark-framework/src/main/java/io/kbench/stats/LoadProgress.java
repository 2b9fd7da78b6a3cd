package io.kbench.stats;

/**
 * Where a worker's producers stand against their schedule.
 *
 * @param requestedRatePerSecond the total rate of the run requested now (every worker knows the
 *     whole schedule); -1 when unthrottled
 * @param dueMessages messages of this worker's producers due since the load started
 */
public record LoadProgress(double requestedRatePerSecond, long dueMessages) {

    public static final LoadProgress UNTHROTTLED = new LoadProgress(-1, 0);
}
