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
 */
public record LoadState(Counts runTotals, int subscriptionsPerTopic, boolean producersDone) {

    static LoadState of(List<PeriodStats> workers, int subscriptionsPerTopic) {
        Counts totals = Counts.ZERO;
        boolean done = true;
        for (PeriodStats w : workers) {
            totals = totals.plus(w.runTotals());
            done &= w.producersDone();
        }
        return new LoadState(totals, subscriptionsPerTopic, done);
    }

    /** Acknowledged messages not yet consumed, over all subscriptions. */
    public long backlogMessages() {
        return runTotals.messagesAcked() * subscriptionsPerTopic - runTotals.messagesReceived();
    }

    /** Messages handed to the client that were neither acknowledged nor failed yet. */
    public long inFlightMessages() {
        return runTotals.messagesSent() - runTotals.messagesAcked() - runTotals.sendErrors();
    }
}
