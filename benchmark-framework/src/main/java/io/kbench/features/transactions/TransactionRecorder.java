package io.kbench.features.transactions;

import io.kbench.driver.TransactionListener;
import io.kbench.stats.WorkerStats;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the transactions a driver's producers end, and times the commits, into the worker's stats.
 * An abort is logged as a warning with the driver's reason, so the run's warnings say why.
 */
public final class TransactionRecorder implements TransactionListener {

    private static final Logger log = LoggerFactory.getLogger(TransactionRecorder.class);

    private final WorkerStats stats;

    public TransactionRecorder(WorkerStats stats) {
        this.stats = stats;
    }

    @Override
    public void committed(long commitMicros) {
        stats.onTransactionCommitted(commitMicros);
    }

    @Override
    public void aborted(String reason) {
        stats.onTransactionAborted();
        log.warn("A transaction was aborted; its messages will not reach the consumers: {}", reason);
    }
}
