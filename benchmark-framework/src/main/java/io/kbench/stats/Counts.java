package io.kbench.stats;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Message and byte counts over some window.
 *
 * @param messagesSent messages handed to the client
 * @param messagesAcked messages the broker acknowledged
 * @param bytesAcked payload bytes of the acknowledged messages
 * @param sendErrors sends that failed
 * @param messagesReceived messages consumed (by all subscriptions)
 * @param bytesReceived payload bytes consumed
 * @param clampedSamples latency samples outside [0, 24 h], recorded at the nearest bound
 * @param transactionsCommitted transactions the producers committed (0 without transactions)
 * @param transactionsAborted transactions that ended without committing
 * @param messagesAborted acknowledged messages whose transaction was then aborted: never delivered to
 *     consumers, which read committed data only
 */
public record Counts(
        long messagesSent,
        long messagesAcked,
        long bytesAcked,
        long sendErrors,
        long messagesReceived,
        long bytesReceived,
        long clampedSamples,
        // Absent from JSON while 0, so runs without transactions look as before.
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) long transactionsCommitted,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) long transactionsAborted,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) long messagesAborted) {

    public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0, 0);

    /** Counts of a run without transactions. */
    public Counts(long messagesSent, long messagesAcked, long bytesAcked, long sendErrors, long messagesReceived,
                  long bytesReceived, long clampedSamples) {
        this(messagesSent, messagesAcked, bytesAcked, sendErrors, messagesReceived, bytesReceived, clampedSamples, 0, 0, 0);
    }

    /** Acknowledged messages that consumers can get: those of aborted transactions never reach them. */
    public long messagesToConsume() {
        return messagesAcked - messagesAborted;
    }

    /** True when the producers sent in transactions (one ended, either way). */
    public boolean hasTransactions() {
        return transactionsCommitted > 0 || transactionsAborted > 0;
    }

    public Counts plus(Counts o) {
        return new Counts(
                messagesSent + o.messagesSent,
                messagesAcked + o.messagesAcked,
                bytesAcked + o.bytesAcked,
                sendErrors + o.sendErrors,
                messagesReceived + o.messagesReceived,
                bytesReceived + o.bytesReceived,
                clampedSamples + o.clampedSamples,
                transactionsCommitted + o.transactionsCommitted,
                transactionsAborted + o.transactionsAborted,
                messagesAborted + o.messagesAborted);
    }

    public Counts minus(Counts o) {
        return new Counts(
                messagesSent - o.messagesSent,
                messagesAcked - o.messagesAcked,
                bytesAcked - o.bytesAcked,
                sendErrors - o.sendErrors,
                messagesReceived - o.messagesReceived,
                bytesReceived - o.bytesReceived,
                clampedSamples - o.clampedSamples,
                transactionsCommitted - o.transactionsCommitted,
                transactionsAborted - o.transactionsAborted,
                messagesAborted - o.messagesAborted);
    }
}
