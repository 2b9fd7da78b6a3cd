package io.kbench.features.transactions;

import io.kbench.driver.TransactionListener;
import io.kbench.features.Feature;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import java.util.Optional;

/**
 * Transactions ({@code transactional: true} in a Kafka driver file): each worker counts the transactions its
 * producers end and times their commits; the measurement's {@code transactions} figures come from them.
 */
public final class TransactionsFeature implements Feature {

    @Override
    public String name() {
        return "transactions";
    }

    @Override
    public Optional<WorkerPart> onWorker(WorkerSetupView run) {
        TransactionRecorder recorder = new TransactionRecorder(run.stats());
        return Optional.of(new WorkerPart() {
            @Override
            public TransactionListener transactions() {
                return recorder;
            }
        });
    }
}
