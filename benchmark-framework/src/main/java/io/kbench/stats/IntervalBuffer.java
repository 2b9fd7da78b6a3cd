package io.kbench.stats;

import org.HdrHistogram.Histogram;

/**
 * What one thread recorded during one phase. Plain fields and plain histograms: exactly one
 * thread writes a buffer, and only while {@link WorkerStats}' phaser lets it; the reader touches
 * it only after flipping the phase, when that writer has provably left it.
 */
final class IntervalBuffer {

    long sent;
    long acked;
    long bytesAcked;
    long sendErrors;
    long received;
    long bytesReceived;
    long clamped;
    long transactionsCommitted;
    long transactionsAborted;
    long messagesAborted;
    final Histogram publish = Histograms.newHistogram();
    final Histogram send = Histograms.newHistogram();
    final Histogram scheduleDelay = Histograms.newHistogram();
    final Histogram endToEnd = Histograms.newHistogram();
    final Histogram commit = Histograms.newHistogram();

    void record(Histogram histogram, long micros) {
        long value = Histograms.clamp(micros);
        if (value != micros) {
            clamped++;
        }
        histogram.recordValue(value);
    }

    boolean isEmpty() {
        return sent == 0 && acked == 0 && sendErrors == 0 && received == 0
                && transactionsCommitted == 0 && transactionsAborted == 0 && messagesAborted == 0;
    }

    Counts counts() {
        return new Counts(sent, acked, bytesAcked, sendErrors, received, bytesReceived, clamped,
                transactionsCommitted, transactionsAborted, messagesAborted);
    }

    void addLatenciesTo(Latencies target) {
        target.publish().add(publish);
        target.send().add(send);
        target.scheduleDelay().add(scheduleDelay);
        target.endToEnd().add(endToEnd);
        target.commit().add(commit);
    }

    void reset() {
        sent = 0;
        acked = 0;
        bytesAcked = 0;
        sendErrors = 0;
        received = 0;
        bytesReceived = 0;
        clamped = 0;
        transactionsCommitted = 0;
        transactionsAborted = 0;
        messagesAborted = 0;
        publish.reset();
        send.reset();
        scheduleDelay.reset();
        endToEnd.reset();
        commit.reset();
    }
}
