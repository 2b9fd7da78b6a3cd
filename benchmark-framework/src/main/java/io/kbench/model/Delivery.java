package io.kbench.model;

import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.ErrorTally;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What became of every message the run handed to the driver, warmup and prefill included: each
 * ended acknowledged, failed (with the client's error class) or undelivered (still unacknowledged
 * when the run stopped). Messages that were due on the schedule but never handed over are counted
 * apart.
 *
 * @param sentMessages handed to the driver
 * @param ackedMessages acknowledged by the cluster
 * @param failedMessages failed, by the client or because the run stopped while the client blocked
 * @param undeliveredMessages neither acknowledged nor failed when the run stopped
 * @param unsentDueMessages due on the schedule by the time the producers stopped, never sent
 * @param errorsByClass failures by error class, with the first message of each
 */
public record Delivery(
        long sentMessages,
        long ackedMessages,
        long failedMessages,
        long undeliveredMessages,
        long unsentDueMessages,
        List<ErrorCount> errorsByClass) {

    public static Delivery of(List<CumulativeStats> workers) {
        Counts run = Counts.ZERO;
        long unsentDue = 0;
        List<List<ErrorCount>> errors = new ArrayList<>();
        for (CumulativeStats w : workers) {
            run = run.plus(w.runTotals());
            unsentDue += w.scheduleLagMessages();
            errors.add(w.errors());
        }
        long undelivered = Math.max(0, run.messagesSent() - run.messagesAcked() - run.sendErrors());
        return new Delivery(run.messagesSent(), run.messagesAcked(), run.sendErrors(), undelivered, unsentDue,
                ErrorTally.merge(errors));
    }

    /** Failed plus undelivered, as a share of the messages sent (0 when none were sent). */
    public double notAckedRatio() {
        return sentMessages == 0 ? 0 : (double) (failedMessages + undeliveredMessages) / sentMessages;
    }

    /** The counts in one line for the final report. */
    public String line() {
        return String.format(Locale.ROOT, "Messages (whole run): %,d sent, %,d acknowledged, %,d failed, %,d undelivered "
                + "(unacknowledged when the run stopped); %,d due but never sent", sentMessages, ackedMessages,
                failedMessages, undeliveredMessages, unsentDueMessages);
    }
}
