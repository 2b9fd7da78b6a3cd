package io.kbench.features;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.TransactionListener;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.LoadSpec;
import io.kbench.plan.ProducerSpec;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * A feature's part in one run on one worker, made by {@link Feature#onWorker}. Its listeners run on
 * the hot path, once per record at most: they must be quick and allocate nothing per record. A hook
 * that answers null (or empty) costs the record nothing.
 */
public interface WorkerPart {

    /** What to do with each record of this consumer, or null for nothing. */
    default ConsumerListener listen(ConsumerSpec consumer) {
        return null;
    }

    /** What to do with each acknowledgement of this producer, or null for nothing. */
    default AckListener listen(ProducerSpec producer, long producerId, LoadSpec load) {
        return null;
    }

    /** Makes this consumer instead of the engine (a share group's member), or empty to let the engine make a group member. */
    default Optional<ConsumerMaker> maker(ConsumerSpec consumer) {
        return Optional.empty();
    }

    /** A consumer was made (by the engine or a maker). */
    default void consumerCreated(ConsumerSpec spec, BenchmarkConsumer consumer) {}

    /** Told when the producers' transactions commit or abort, or null. */
    default TransactionListener transactions() {
        return null;
    }

    /** The measurement starts: the feature's figures count from {@code epochMicros}. */
    default void measurementStarts(long epochMicros) {}

    /** The current value of one of the feature's {@link Feature#gauges()}; read from another thread, without the run's lock. */
    default long gauge(String name) {
        return 0;
    }

    /**
     * What the feature found on this worker so far, while the run goes on, or null for nothing: asked by the feature's
     * own phase ({@link PhaseContext#workerProgress}), on another thread than the records', so it reads what the
     * consumers' threads write without blocking them and stays quick (it may be asked a few times a second). Of its
     * feature's {@link Feature#findingsType()}, sent to the coordinator as JSON.
     */
    default Object progress() {
        return null;
    }

    /**
     * What the feature found on this worker, once the load is over (before the clients close), or
     * null for nothing; of its feature's {@link Feature#findingsType()}, sent to the coordinator as JSON.
     *
     * @param liveMembers how many consumers of a subscription are alive on this worker now
     */
    default Object findings(ToIntFunction<String> liveMembers) {
        return null;
    }
}
