package io.kbench.model;

import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencySummary;
import java.util.List;

/**
 * One worker's share of the measurement, for the per-worker breakdown. Rates per second over the
 * run's measurement window; latencies in µs; CPU as a fraction of the worker's cores.
 *
 * <p>{@code cpuMicrosPerMessage}: the CPU time (user + system) the worker JVM used since the
 * measurement started, divided by the messages it sent plus the messages it consumed in that time,
 * in µs; what sizing the client machines of a test needs. Null when the JVM cannot tell its CPU
 * time or the worker handled no message. A local run's worker JVM is the coordinator's too.
 */
public record WorkerSummary(
        String workerId,
        long messagesAcked,
        double publishRate,
        double publishMBps,
        long sendErrors,
        long messagesReceived,
        double consumeRate,
        LatencySummary publishLatency,
        LatencySummary endToEndLatency,
        double processCpuLoad,
        int availableProcessors,
        long scheduleLagMessages,
        List<ErrorCount> errors,
        Double cpuMicrosPerMessage) {

    /** Without the CPU per message (unknown). */
    public WorkerSummary(String workerId, long messagesAcked, double publishRate, double publishMBps, long sendErrors,
                         long messagesReceived, double consumeRate, LatencySummary publishLatency, LatencySummary endToEndLatency,
                         double processCpuLoad, int availableProcessors, long scheduleLagMessages, List<ErrorCount> errors) {
        this(workerId, messagesAcked, publishRate, publishMBps, sendErrors, messagesReceived, consumeRate, publishLatency,
                endToEndLatency, processCpuLoad, availableProcessors, scheduleLagMessages, errors, null);
    }

    /** CPU per message sent or consumed, from the worker's CPU time and counts since the measurement started; null when unknown. */
    public static Double cpuMicrosPerMessage(long processCpuMicros, long messagesSent, long messagesReceived) {
        long messages = messagesSent + messagesReceived;
        return processCpuMicros < 0 || messages <= 0 ? null : (double) processCpuMicros / messages;
    }
}
