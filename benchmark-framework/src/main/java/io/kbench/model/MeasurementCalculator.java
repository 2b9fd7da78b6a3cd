package io.kbench.model;

import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.ErrorTally;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.List;

/**
 * Computes the final figures from every worker's cumulative stats. The window is taken across
 * workers from their timestamps, so merged rates are total messages over one shared window.
 */
public final class MeasurementCalculator {

    /** Below this share of the requested rate, the run is reported as having fallen behind. */
    static final double BEHIND_THRESHOLD = 0.99;

    private MeasurementCalculator() {}

    /**
     * @param requestedRate the workload's rate, or -1 for unthrottled
     * @param countMode true for message-count runs
     * @param nowEpochMicros used as the window's end if producers never stopped (a failed run)
     */
    public static Measurement calculate(List<CumulativeStats> workers, double requestedRate, boolean countMode, long nowEpochMicros) {
        return calculate(workers, requestedRate, countMode, nowEpochMicros, null);
    }

    /**
     * @param ackedInWindow what was acknowledged within a timed window and over what span, for the publish rate;
     *     null: the messages sent in the window and acknowledged by now, over the window. The counts and latencies stay those of every
     *     message sent in the window, acknowledged in it or after it (dropping the late ones would flatter them).
     */
    public static Measurement calculate(List<CumulativeStats> workers, double requestedRate, boolean countMode, long nowEpochMicros,
                                        AckedInWindow ackedInWindow) {
        long resetAt = Long.MAX_VALUE;
        long firstSend = Long.MAX_VALUE;
        long lastSend = 0;
        long lastAck = 0;
        long stoppedAt = 0;
        long lag = 0;
        Counts counts = Counts.ZERO;
        LatencyHistograms histograms = LatencyHistograms.empty();
        List<List<ErrorCount>> errors = new ArrayList<>();
        for (CumulativeStats w : workers) {
            resetAt = Math.min(resetAt, w.resetEpochMicros());
            if (w.firstSendEpochMicros() > 0) {
                firstSend = Math.min(firstSend, w.firstSendEpochMicros());
            }
            lastSend = Math.max(lastSend, w.lastSendEpochMicros());
            lastAck = Math.max(lastAck, w.lastAckEpochMicros());
            stoppedAt = Math.max(stoppedAt, w.producersStoppedEpochMicros());
            lag += w.scheduleLagMessages();
            counts = counts.plus(w.counts());
            histograms.add(w.latencies());
            errors.add(w.errors());
        }
        if (firstSend == Long.MAX_VALUE) {
            firstSend = resetAt;
        }
        long start;
        long end;
        if (countMode) {
            start = firstSend;
            end = Math.max(lastSend, lastAck);
        } else {
            start = resetAt;
            end = stoppedAt > 0 ? stoppedAt : nowEpochMicros;
        }
        long window = Math.max(0, end - start);

        double scheduledSendRate = countMode
                ? Units.perSecond(Math.max(0, counts.messagesSent() - 1), lastSend - firstSend)
                : Units.perSecond(counts.messagesSent(), window);
        boolean fellBehind = requestedRate > 0 && counts.messagesSent() > 1
                && scheduledSendRate < BEHIND_THRESHOLD * requestedRate;

        long consumeEnd = 0;
        for (CumulativeStats w : workers) {
            consumeEnd = Math.max(consumeEnd, w.lastReceiveEpochMicros());
        }
        long consumeWindow = Math.max(window, consumeEnd - start);

        List<WorkerSummary> summaries = new ArrayList<>();
        for (CumulativeStats w : workers) {
            Counts c = w.counts();
            summaries.add(new WorkerSummary(
                    w.workerId(),
                    c.messagesAcked(),
                    Units.perSecond(c.messagesAcked(), window),
                    Units.mbPerSecond(c.bytesAcked(), window),
                    c.sendErrors(),
                    c.messagesReceived(),
                    Units.perSecond(c.messagesReceived(), consumeWindow),
                    LatencySummary.of(w.latencies().publish()),
                    LatencySummary.of(w.latencies().endToEnd()),
                    w.processCpuLoad(),
                    w.availableProcessors(),
                    w.scheduleLagMessages(),
                    w.errors(),
                    WorkerSummary.cpuMicrosPerMessage(w.processCpuMicros(), c.messagesSent(), c.messagesReceived())));
        }
        return new Measurement(
                start,
                window,
                counts,
                ackedInWindow == null ? Units.perSecond(counts.messagesAcked(), window)
                        : Units.perSecond(ackedInWindow.counts().messagesAcked(), spanOf(ackedInWindow, window)),
                ackedInWindow == null ? Units.mbPerSecond(counts.bytesAcked(), window)
                        : Units.mbPerSecond(ackedInWindow.counts().bytesAcked(), spanOf(ackedInWindow, window)),
                Units.perSecond(counts.sendErrors(), window),
                requestedRate,
                scheduledSendRate,
                fellBehind,
                lag,
                Units.perSecond(counts.messagesReceived(), consumeWindow),
                Units.mbPerSecond(counts.bytesReceived(), consumeWindow),
                LatencySummary.of(histograms.publish()),
                LatencySummary.of(histograms.send()),
                LatencySummary.of(histograms.scheduleDelay()),
                LatencySummary.of(histograms.endToEnd()),
                histograms,
                summaries,
                ErrorTally.merge(errors),
                TransactionFigures.of(counts, histograms.commit(), window));
    }

    /** The span the counts cover; the window when it is not known (states without a time). */
    private static long spanOf(AckedInWindow acked, long window) {
        return acked.micros() > 0 ? acked.micros() : window;
    }
}
