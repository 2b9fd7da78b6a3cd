package io.kbench.driver;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A cluster the driver started for one run (for example a local KRaft cluster). The coordinator
 * closes it after the run, whatever happened; closing removes everything it created.
 *
 * @param <C> the driver's configuration record
 */
public interface ProvisionedCluster<C> extends AutoCloseable {

    /** The configuration every worker's driver is initialized with, pointing at this cluster. */
    C workerConfig();

    /** One line for the console and the result, e.g. "local Kafka 4.3.1, 1 broker at 127.0.0.1:40123". */
    String description();

    /**
     * Applies a fault now, without waiting for its duration to pass (a pause or freeze ends by
     * itself); a restart waits until the broker is back, for a bounded time.
     *
     * @return what was done, in one line, e.g. "killed broker 1 (127.0.0.1:40123)"
     * @throws DriverException when the fault cannot be applied, saying why
     */
    default String applyFault(Fault fault) throws DriverException {
        throw new DriverException("this cluster cannot inject faults (" + fault.type().label() + ")");
    }

    /**
     * The cluster's own counters now, by name, each summed over its brokers since the cluster started: what no client
     * sees, such as the bytes the brokers read from a remote storage tier. Read by the coordinator a few times per run,
     * so it may take a moment (a second at most). Empty when the cluster reports none (the default). The names this
     * interface defines ({@link #REMOTE_STORAGE}, {@link #REMOTE_FETCH_BYTES}, {@link #REMOTE_COPY_BYTES}) mean the same
     * for every driver; a driver may add its own. (The brokers' request times are {@link #serverMetrics()}.)
     */
    default Map<String, Double> metrics() {
        return Map.of();
    }

    /** 1 when the cluster keeps old log segments on a remote storage tier (Kafka: {@code remote.log.storage.system.enable}). */
    String REMOTE_STORAGE = "remoteStorage";

    /** Bytes the brokers read from the remote tier to answer fetches (Kafka: {@code BrokerTopicMetrics RemoteFetchBytesPerSec}, its count). */
    String REMOTE_FETCH_BYTES = "remoteFetchBytes";

    /** Bytes the brokers copied to the remote tier (Kafka: {@code BrokerTopicMetrics RemoteCopyBytesPerSec}, its count). */
    String REMOTE_COPY_BYTES = "remoteCopyBytes";

    /**
     * The cluster's own figures, read where it runs: counters and means since it started, by name, for the
     * framework to difference over a measurement. Kafka: {@code Produce.TotalTimeMs.count} and
     * {@code .mean} (ms) and the other parts of a request's time, and the brokers' byte counts {@code bytesIn} (records
     * appended as leader), {@code bytesOut} (records sent to consumers) and {@code replicationBytesIn} (records followers
     * appended). Quick, never blocks for long; empty
     * when unknown (the default). (Counters such as a remote tier's bytes are {@link #metrics()}.)
     */
    default Map<String, Double> serverMetrics() {
        return Map.of();
    }

    /**
     * What each running broker JVM did since it started that can explain the clients' latency: its GC pauses and its log
     * segment deletions ({@link BrokerActivity}), one entry per broker that answered. Read by the coordinator a few times
     * per run; quick, never blocks for long. Empty when the cluster does not watch its brokers (the default: a cluster
     * the run did not start is not seen from inside).
     */
    default Optional<List<BrokerActivity>> brokerActivity() {
        return Optional.empty();
    }

    // ---- operations on the brokers themselves (operations under load), for clusters the run started

    /**
     * Restarts one broker as an operator would for a rolling upgrade: a controlled shutdown (SIGTERM: it hands its
     * leaderships over first), then a start on its data, on the same ports; returns once it has registered again. The
     * default refuses.
     *
     * @param brokerId the broker's id in the cluster
     * @return what was done, in one line, with how long the stop and the start took
     * @throws DriverException when it cannot be done, saying why
     */
    default String restartBrokerGracefully(int brokerId) throws DriverException {
        throw new DriverException("this cluster cannot restart its brokers (rolling-restart needs a cluster the run starts)");
    }

    /**
     * Starts one more broker that joins the cluster (it holds no partitions until some are moved onto it) and returns
     * its id once it has registered. The default refuses.
     */
    default int addBroker() throws DriverException {
        throw new DriverException("this cluster cannot add brokers (add-broker needs a cluster the run starts)");
    }

    /**
     * Stops a broker for good and removes it from the cluster's metadata (Kafka: unregisters it). Its partitions must
     * have been moved off it first. The default refuses.
     *
     * @return what was done, in one line
     */
    default String removeBroker(int brokerId) throws DriverException {
        throw new DriverException("this cluster cannot remove brokers (remove-broker needs a cluster the run starts)");
    }

    @Override
    void close();
}
