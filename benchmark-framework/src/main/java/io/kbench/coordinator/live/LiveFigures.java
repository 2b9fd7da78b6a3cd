package io.kbench.coordinator.live;

/**
 * What the coordinator's endpoint shows of the run under way: who it is, where it is, and the last merged
 * progress period. Rates in messages per second, latencies in µs.
 *
 * @param runId the run's id (as in its result and journal)
 * @param workload the workload's name
 * @param driver the driver's name
 * @param phase the current phase's label ({@code setup} before the load, {@code done} after the run)
 * @param requestedRateMsgs the rate the producers were asked for at the end of the last period; -1 when unthrottled
 *     or before the load
 * @param achievedRateMsgs acknowledged messages per second in the last period
 * @param consumeRateMsgs consumed messages per second in the last period
 * @param publishP50Micros publish latency of the last period, median
 * @param publishP99Micros its 99th percentile
 * @param publishP999Micros its 99.9th percentile
 * @param endToEndP50Micros end-to-end latency of the last period, median
 * @param endToEndP99Micros its 99th percentile
 * @param endToEndP999Micros its 99.9th percentile
 * @param backlogMessages acknowledged × subscriptions − consumed, since the run started
 * @param sendErrors failed sends since the run started (summed over the periods)
 * @param periods progress periods merged so far
 */
public record LiveFigures(
        String runId,
        String workload,
        String driver,
        String phase,
        double requestedRateMsgs,
        double achievedRateMsgs,
        double consumeRateMsgs,
        long publishP50Micros,
        long publishP99Micros,
        long publishP999Micros,
        long endToEndP50Micros,
        long endToEndP99Micros,
        long endToEndP999Micros,
        long backlogMessages,
        long sendErrors,
        long periods) {

    /** A run that has merged no period yet. */
    static LiveFigures starting(String runId, String workload, String driver) {
        return new LiveFigures(runId, workload, driver, LiveRun.SETUP, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    LiveFigures inPhase(String newPhase) {
        return new LiveFigures(runId, workload, driver, newPhase, requestedRateMsgs, achievedRateMsgs, consumeRateMsgs,
                publishP50Micros, publishP99Micros, publishP999Micros, endToEndP50Micros, endToEndP99Micros,
                endToEndP999Micros, backlogMessages, sendErrors, periods);
    }
}
