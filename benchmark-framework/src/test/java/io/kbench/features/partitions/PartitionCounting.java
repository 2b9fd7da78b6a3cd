package io.kbench.features.partitions;

import io.kbench.features.AckListener;
import io.kbench.plan.LoadSpec;
import io.kbench.plan.ProducerSpec;

/** For the hand-run microbenchmark (io.kbench.bench): the partitions feature's listener of one producer's acknowledgements. */
public final class PartitionCounting {

    private PartitionCounting() {}

    public static AckListener listener() {
        return new PartitionsOnWorker(null).listen(new ProducerSpec("t", 0), 0, (LoadSpec) null);
    }
}
