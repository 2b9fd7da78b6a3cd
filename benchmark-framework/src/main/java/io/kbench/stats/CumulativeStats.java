package io.kbench.stats;

import java.util.List;

/**
 * What one worker measured since the measurement started (the last reset). Times are wall-clock
 * microseconds since the Unix epoch on the worker's (offset-corrected) clock, 0 when the event
 * did not happen; the coordinator derives the measurement window from them across all workers.
 *
 * @param workerId the worker that measured it
 * @param resetEpochMicros when the measurement started
 * @param firstSendEpochMicros first message handed to the client after the reset
 * @param lastSendEpochMicros last message handed to the client
 * @param lastAckEpochMicros last acknowledgement
 * @param producersStoppedEpochMicros when the producers were stopped or finished their quota
 * @param lastReceiveEpochMicros last message consumed
 * @param counts counts since the reset
 * @param runTotals counts since the run started (warmup and prefill included): every message handed to the client
 * @param latencies samples since the reset
 * @param processCpuLoad average CPU use of the worker JVM since the reset, as a fraction of all cores
 * @param availableProcessors cores the worker JVM can use
 * @param scheduleLagMessages messages that were due by the time producers stopped but never sent
 * @param errors send errors of the whole run, by error class
 * @param processCpuMicros CPU time (user + system) the worker JVM used since the reset, in µs; -1 when unknown
 */
public record CumulativeStats(
        String workerId,
        long resetEpochMicros,
        long firstSendEpochMicros,
        long lastSendEpochMicros,
        long lastAckEpochMicros,
        long producersStoppedEpochMicros,
        long lastReceiveEpochMicros,
        Counts counts,
        Counts runTotals,
        LatencyHistograms latencies,
        double processCpuLoad,
        int availableProcessors,
        long scheduleLagMessages,
        List<ErrorCount> errors,
        long processCpuMicros) {

    /** Without the CPU time (unknown). */
    public CumulativeStats(String workerId, long resetEpochMicros, long firstSendEpochMicros, long lastSendEpochMicros,
                           long lastAckEpochMicros, long producersStoppedEpochMicros, long lastReceiveEpochMicros, Counts counts,
                           Counts runTotals, LatencyHistograms latencies, double processCpuLoad, int availableProcessors,
                           long scheduleLagMessages, List<ErrorCount> errors) {
        this(workerId, resetEpochMicros, firstSendEpochMicros, lastSendEpochMicros, lastAckEpochMicros, producersStoppedEpochMicros,
                lastReceiveEpochMicros, counts, runTotals, latencies, processCpuLoad, availableProcessors, scheduleLagMessages, errors, -1);
    }
}
