package io.kbench.features;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.MessageStamp;
import java.util.concurrent.CompletableFuture;

/** Makes one consumer of a kind the engine does not make itself (a share group's member; {@link WorkerPart#maker}). */
@FunctionalInterface
public interface ConsumerMaker {

    /**
     * @param sink where the consumer's records are counted and timed, as the engine's own consumers' are
     * @param listener the other features' look at each record, or null
     */
    CompletableFuture<BenchmarkConsumer> make(RecordSink sink, ConsumerListener listener);

    /** The engine's part of each received record: counts, bytes, end-to-end latency. */
    @FunctionalInterface
    interface RecordSink {
        /** @param stamp the record's stamp, or null when it carries none of this run's */
        void received(int payloadBytes, MessageStamp stamp, long receivedNanos);
    }
}
