package io.kbench.kafka;

import io.kbench.driver.SendCompletion;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages of one open transaction that the broker acknowledged, so that if it aborts each of
 * them can be reported as never reaching the consumers. Acknowledgements arrive on the client's
 * I/O thread while the sending thread ends the transaction, hence the lock.
 */
final class TransactionMessages {

    private enum State { OPEN, COMMITTED, ABORTED }

    private List<SendCompletion> acked = new ArrayList<>();
    private State state = State.OPEN;
    private Throwable firstFailure;

    /** A message of this transaction was acknowledged (after its completion ran). */
    void acked(SendCompletion completion) {
        synchronized (this) {
            if (state == State.OPEN) {
                acked.add(completion);
                return;
            }
            if (state == State.COMMITTED) {
                return;
            }
        }
        completion.aborted(); // acknowledged after the abort was reported: aborted all the same
    }

    /** A message of this transaction failed: the client will refuse to commit it. */
    synchronized void failed(Throwable error) {
        if (firstFailure == null) {
            firstFailure = error;
        }
    }

    /** The first failed send, or null: a transaction with one cannot commit, so it is aborted instead. */
    synchronized Throwable failure() {
        return firstFailure;
    }

    /** The transaction aborted: tells each acknowledged message so, once. */
    void aborted() {
        List<SendCompletion> toTell;
        synchronized (this) {
            state = State.ABORTED;
            toTell = acked;
            acked = List.of();
        }
        toTell.forEach(SendCompletion::aborted); // outside the lock: the framework's bookkeeping takes its own
    }

    /** The transaction committed: its messages are the consumers' now. */
    synchronized void committed() {
        state = State.COMMITTED;
        acked = List.of();
    }
}
