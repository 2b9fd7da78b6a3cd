package io.kbench.kafka;

import java.time.Duration;

/**
 * When one producer's transaction is due to commit: once it holds a set number of messages, or
 * once it is a set time old. Only state and arithmetic on the times it is given, so it is tested
 * on a manual clock; the producer's sending thread owns it.
 */
final class TransactionBoundary {

    private final long maxAgeNanos;
    private final long maxMessages;
    private boolean open;
    private long startedNanos;
    private long messages;

    private TransactionBoundary(long maxAgeNanos, long maxMessages) {
        this.maxAgeNanos = maxAgeNanos;
        this.maxMessages = maxMessages;
    }

    /** Transactions that commit once they are {@code age} old. */
    static TransactionBoundary byAge(Duration age) {
        if (age.isNegative() || age.isZero()) {
            throw new IllegalArgumentException("a transaction's age must be positive, got " + age);
        }
        return new TransactionBoundary(age.toNanos(), Long.MAX_VALUE);
    }

    /** Transactions that commit once they hold {@code messages} messages. */
    static TransactionBoundary byMessages(long messages) {
        if (messages < 1) {
            throw new IllegalArgumentException("a transaction needs at least one message, got " + messages);
        }
        return new TransactionBoundary(Long.MAX_VALUE, messages);
    }

    boolean isOpen() {
        return open;
    }

    /** A transaction began at {@code nowNanos}. */
    void begun(long nowNanos) {
        open = true;
        startedNanos = nowNanos;
        messages = 0;
    }

    /** One more message was sent in the open transaction. */
    void sent() {
        messages++;
    }

    /** Messages sent in the open transaction. */
    long messages() {
        return messages;
    }

    /**
     * True when the open transaction should commit now. An empty one is never due: with nothing in
     * it there is nothing to make visible, and its commit would only add samples of an empty commit.
     */
    boolean isDue(long nowNanos) {
        return open && messages > 0 && (messages >= maxMessages || nowNanos - startedNanos >= maxAgeNanos);
    }

    /** The open transaction ended (committed or aborted). */
    void ended() {
        open = false;
        messages = 0;
    }
}
