package io.kbench.model;

import io.kbench.stats.Counts;
import io.kbench.stats.PeriodStats;
import java.util.List;

/**
 * Where the run stands, from the counters since it started: enough to decide when a phase is over.
 *
 * @param runTotals counts summed over workers since the run started
 * @param subscriptionsPerTopic consumer groups per topic
 * @param producersDone every producer has stopped
 * @param scheduleLagMessages messages due on the schedule but not sent yet, over all workers
 * @param atEpochMicros when the workers answered, on the coordinator's clock (0 when unknown): a rate
 *     between two states is their counts' difference over the time between them
 */
public record LoadState(Counts runTotals, int subscriptionsPerTopic, boolean producersDone, long scheduleLagMessages,
                        long atEpochMicros) {

    public LoadState(Counts runTotals, int subscriptionsPerTopic, boolean producersDone) {
        this(runTotals, subscriptionsPerTopic, producersDone, 0, 0);
    }

    public static LoadState of(List<PeriodStats> workers, int subscriptionsPerTopic) {
        return of(workers, subscriptionsPerTopic, 0);
    }

    /** @param atEpochMicros when the workers answered, on the coordinator's clock */
    public static LoadState of(List<PeriodStats> workers, int subscriptionsPerTopic, long atEpochMicros) {
        Counts totals = Counts.ZERO;
        boolean done = true;
        long lag = 0;
        for (PeriodStats w : workers) {
            totals = totals.plus(w.runTotals());
            done &= w.producersDone();
            lag += w.scheduleLagMessages();
        }
        return new LoadState(totals, subscriptionsPerTopic, done, lag, atEpochMicros);
    }

    /** Messages written for the consumers and not consumed yet, over all subscriptions; see {@link #backlog}. */
    public long backlogMessages() {
        return backlog(runTotals.messagesToConsume() * subscriptionsPerTopic, runTotals.messagesReceived());
    }

    /** The payload bytes of {@link #backlogMessages()}. */
    public long backlogBytes() {
        return backlog(runTotals.bytesAcked() * subscriptionsPerTopic, runTotals.bytesReceived());
    }

    /**
     * What is written for the consumers and not consumed yet: never negative. The acknowledged count
     * lags what the cluster holds: a consumer can read a message before its producer's acknowledgement
     * is counted (the callback runs after the broker answers, and workers and their threads are read one
     * after another), so a consumed message counts as written whether or not its acknowledgement is in.
     * Acknowledged messages of aborted transactions never reach consumers and are not counted as written.
     *
     * @param acknowledged acknowledged messages (or bytes) times the subscriptions that get each
     * @param consumed messages (or bytes) consumed, by all subscriptions
     */
    public static long backlog(long acknowledged, long consumed) {
        return Math.max(acknowledged, consumed) - consumed;
    }

    /** Messages handed to the client that were neither acknowledged nor failed yet. */
    public long inFlightMessages() {
        return runTotals.messagesSent() - runTotals.messagesAcked() - runTotals.sendErrors();
    }
}
