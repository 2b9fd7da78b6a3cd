package io.kbench.stats;

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
 */
public record Counts(
        long messagesSent,
        long messagesAcked,
        long bytesAcked,
        long sendErrors,
        long messagesReceived,
        long bytesReceived,
        long clampedSamples) {

    public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0, 0);

    public Counts plus(Counts o) {
        return new Counts(
                messagesSent + o.messagesSent,
                messagesAcked + o.messagesAcked,
                bytesAcked + o.bytesAcked,
                sendErrors + o.sendErrors,
                messagesReceived + o.messagesReceived,
                bytesReceived + o.bytesReceived,
                clampedSamples + o.clampedSamples);
    }

    public Counts minus(Counts o) {
        return new Counts(
                messagesSent - o.messagesSent,
                messagesAcked - o.messagesAcked,
                bytesAcked - o.bytesAcked,
                sendErrors - o.sendErrors,
                messagesReceived - o.messagesReceived,
                bytesReceived - o.bytesReceived,
                clampedSamples - o.clampedSamples);
    }
}
