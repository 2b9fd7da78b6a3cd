package io.kbench.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.stats.Counts;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import java.util.List;

/**
 * The measured phase across all workers. Rates are per second over the window; MB are 1,048,576
 * bytes; latencies in µs.
 *
 * @param windowStartEpochMicros start of the measurement window
 * @param windowMicros the window: from the reset to when producers stopped (timed runs), or from the
 *     first send to the last acknowledgement (message-count runs, as kafka-producer-perf-test)
 * @param counts counts since the reset, summed over workers
 * @param publishRate acknowledged messages per second
 * @param publishMBps acknowledged payload MB per second
 * @param publishErrorRate failed sends per second
 * @param requestedRate the workload's producerRate, or -1 for unthrottled
 * @param scheduledSendRate messages handed to the client per second over the sending span, to judge
 *     whether the generator kept its schedule
 * @param fellBehind the producers sent at less than 99% of the requested rate
 * @param scheduleLagMessages messages due but not sent when the producers stopped
 * @param consumeRate consumed messages per second
 * @param consumeMBps consumed payload MB per second
 * @param publishLatency ack − intended send
 * @param sendLatency ack − actual send
 * @param scheduleDelay actual send − intended send
 * @param endToEndLatency consume − intended send
 * @param histograms the merged histograms behind the summaries
 * @param workers per-worker breakdown
 * @param errors send errors by error class, across workers (the whole run's)
 * @param transactions commits, aborts and commit latency, or null when the producers sent no transaction
 */
public record Measurement(
        long windowStartEpochMicros,
        long windowMicros,
        Counts counts,
        double publishRate,
        double publishMBps,
        double publishErrorRate,
        double requestedRate,
        double scheduledSendRate,
        boolean fellBehind,
        long scheduleLagMessages,
        double consumeRate,
        double consumeMBps,
        LatencySummary publishLatency,
        LatencySummary sendLatency,
        LatencySummary scheduleDelay,
        LatencySummary endToEndLatency,
        LatencyHistograms histograms,
        List<WorkerSummary> workers,
        List<ErrorCount> errors,
        // Absent from the result without transactions, so such results look as before.
        @JsonInclude(JsonInclude.Include.NON_NULL) TransactionFigures transactions) {

    /** A measurement without transactions. */
    public Measurement(long windowStartEpochMicros, long windowMicros, Counts counts, double publishRate, double publishMBps,
                       double publishErrorRate, double requestedRate, double scheduledSendRate, boolean fellBehind,
                       long scheduleLagMessages, double consumeRate, double consumeMBps, LatencySummary publishLatency,
                       LatencySummary sendLatency, LatencySummary scheduleDelay, LatencySummary endToEndLatency,
                       LatencyHistograms histograms, List<WorkerSummary> workers, List<ErrorCount> errors) {
        this(windowStartEpochMicros, windowMicros, counts, publishRate, publishMBps, publishErrorRate, requestedRate,
                scheduledSendRate, fellBehind, scheduleLagMessages, consumeRate, consumeMBps, publishLatency, sendLatency,
                scheduleDelay, endToEndLatency, histograms, workers, errors, null);
    }

    /** Achieved (acknowledged) rate as a fraction of the requested one; NaN when unthrottled. */
    public double achievedRatio() {
        return requestedRate > 0 ? publishRate / requestedRate : Double.NaN;
    }
}
