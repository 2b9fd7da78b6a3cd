package io.kbench.model;

import io.kbench.stats.LatencySummary;

/**
 * One reporting period across all workers: what the progress line shows and the result keeps.
 * Rates are per second, sizes in MB of 1,048,576 bytes (as Kafka's perf tools), latencies in µs.
 *
 * @param phase the phase the period belongs to
 * @param elapsedMicros from the start of the load to the end of this period
 * @param durationMicros the period's length (the longest among workers)
 * @param publishRate acknowledged messages per second
 * @param publishMBps acknowledged payload MB per second
 * @param publishErrorRate failed sends per second
 * @param consumeRate consumed messages per second
 * @param consumeMBps consumed payload MB per second
 * @param backlogMessages acknowledged × subscriptions − consumed, since the run started
 * @param inFlightMessages handed to the client but not yet acknowledged or failed
 * @param publishLatency ack − intended send
 * @param sendLatency ack − actual send
 * @param scheduleDelay actual send − intended send
 * @param endToEndLatency consume − intended send
 * @param maxWorkerCpu the busiest worker's CPU use over the period, fraction of its cores
 * @param producersDone every producer has stopped
 * @param requestedRate messages per second across all producers requested at the end of the period; -1
 *     when unthrottled or before the load
 * @param scheduleLagMessages messages due on the schedule but not sent yet, at the end of the period
 */
public record PeriodSummary(
        Phase phase,
        long elapsedMicros,
        long durationMicros,
        double publishRate,
        double publishMBps,
        double publishErrorRate,
        double consumeRate,
        double consumeMBps,
        long backlogMessages,
        long inFlightMessages,
        LatencySummary publishLatency,
        LatencySummary sendLatency,
        LatencySummary scheduleDelay,
        LatencySummary endToEndLatency,
        double maxWorkerCpu,
        boolean producersDone,
        double requestedRate,
        long scheduleLagMessages) {}
