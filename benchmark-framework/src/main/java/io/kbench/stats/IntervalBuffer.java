package io.kbench.stats;

import org.HdrHistogram.Histogram;

/**
 * What one thread recorded during one phase. Plain fields and plain histograms: exactly one
 * thread writes a buffer, and only while its {@link ThreadRecorder}'s phaser lets it; the reader
 * touches it only after flipping the phase, when that writer has provably left it.
 */
final class IntervalBuffer {

    /** A time that was not recorded in this interval. */
    static final long NONE = 0;

    private long sent;
    private long acked;
    private long bytesAcked;
    private long sendErrors;
    private long received;
    private long bytesReceived;
    private long clamped;
    private long transactionsCommitted;
    private long transactionsAborted;
    private long messagesAborted;
    private final Histogram publish = Histograms.newHistogram();
    private final Histogram send = Histograms.newHistogram();
    private final Histogram scheduleDelay = Histograms.newHistogram();
    private final Histogram endToEnd = Histograms.newHistogram();
    private final Histogram commit = Histograms.newHistogram();
    // Monotonic times of this interval's first send and last send, ack and receive (NONE: none).
    private long firstSendNanos = NONE;
    private long lastSendNanos = NONE;
    private long lastAckNanos = NONE;
    private long lastReceiveNanos = NONE;

    // One method per event, so what an event counts is decided here and nowhere else.

    void onSend(long sentNanos, long scheduleDelayMicros) {
        sent++;
        if (firstSendNanos == NONE) {
            firstSendNanos = sentNanos;
        }
        lastSendNanos = sentNanos;
        record(scheduleDelay, scheduleDelayMicros);
    }

    void onAck(int payloadBytes, long ackNanos, long publishMicros, long sendMicros) {
        acked++;
        bytesAcked += payloadBytes;
        lastAckNanos = ackNanos;
        record(publish, publishMicros);
        record(send, sendMicros);
    }

    void onSendError() {
        sendErrors++;
    }

    /** @param endToEndMicros {@code Long.MIN_VALUE} when unknown: counted, not timed */
    void onReceive(int payloadBytes, long receiveNanos, long endToEndMicros) {
        received++;
        bytesReceived += payloadBytes;
        lastReceiveNanos = receiveNanos;
        if (endToEndMicros != Long.MIN_VALUE) {
            record(endToEnd, endToEndMicros);
        }
    }

    void onTransactionCommitted(long commitMicros) {
        transactionsCommitted++;
        record(commit, commitMicros);
    }

    void onTransactionAborted() {
        transactionsAborted++;
    }

    void onAckedMessageAborted() {
        messagesAborted++;
    }

    private void record(Histogram histogram, long micros) {
        long value = Histograms.clamp(micros);
        if (value != micros) {
            clamped++;
        }
        histogram.recordValue(value);
    }

    /** Read by the drain observer, once the phase has flipped; never written outside this class. */
    Histogram publish() {
        return publish;
    }

    /** As {@link #publish()}. */
    Histogram endToEnd() {
        return endToEnd;
    }

    long firstSendNanos() {
        return firstSendNanos;
    }

    long lastSendNanos() {
        return lastSendNanos;
    }

    long lastAckNanos() {
        return lastAckNanos;
    }

    long lastReceiveNanos() {
        return lastReceiveNanos;
    }

    boolean isEmpty() {
        return sent == 0 && acked == 0 && sendErrors == 0 && received == 0
                && transactionsCommitted == 0 && transactionsAborted == 0 && messagesAborted == 0;
    }

    Counts counts() {
        return new Counts(sent, acked, bytesAcked, sendErrors, received, bytesReceived, clamped,
                transactionsCommitted, transactionsAborted, messagesAborted);
    }

    void addLatenciesTo(LatencyHistograms target) {
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
        firstSendNanos = NONE;
        lastSendNanos = NONE;
        lastAckNanos = NONE;
        lastReceiveNanos = NONE;
        publish.reset();
        send.reset();
        scheduleDelay.reset();
        endToEnd.reset();
        commit.reset();
    }
}
