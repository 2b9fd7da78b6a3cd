package io.kbench.coordinator;

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
 */
public record LoadState(Counts runTotals, int subscriptionsPerTopic, boolean producersDone, long scheduleLagMessages) {

    public LoadState(Counts runTotals, int subscriptionsPerTopic, boolean producersDone) {
        this(runTotals, subscriptionsPerTopic, producersDone, 0);
    }

    static LoadState of(List<PeriodStats> workers, int subscriptionsPerTopic) {
        Counts totals = Counts.ZERO;
        boolean done = true;
        long lag = 0;
        for (PeriodStats w : workers) {
            totals = totals.plus(w.runTotals());
            done &= w.producersDone();
            lag += w.scheduleLagMessages();
        }
        return new LoadState(totals, subscriptionsPerTopic, done, lag);
    }

    /**
     * Acknowledged messages not yet consumed, over all subscriptions; those of aborted transactions
     * never will be, so they are left out.
     */
    public long backlogMessages() {
        return runTotals.messagesToConsume() * subscriptionsPerTopic - runTotals.messagesReceived();
    }

    /** The payload bytes of {@link #backlogMessages()}. */
    public long backlogBytes() {
        return runTotals.bytesAcked() * subscriptionsPerTopic - runTotals.bytesReceived();
    }

    /** Messages handed to the client that were neither acknowledged nor failed yet. */
    public long inFlightMessages() {
        return runTotals.messagesSent() - runTotals.messagesAcked() - runTotals.sendErrors();
    }
}
