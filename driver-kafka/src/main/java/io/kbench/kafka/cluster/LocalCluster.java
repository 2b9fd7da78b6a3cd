package io.kbench.kafka.cluster;

import io.kbench.driver.BrokerActivity;
import io.kbench.driver.DriverException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A running local cluster, as the Kafka driver sees it: where clients connect, the faults it
 * can take and the operations on its brokers. The driver holds only this interface so that the
 * broker (in the local-kafka module) stays off the class path of a remote worker, which never
 * starts a cluster.
 */
public interface LocalCluster extends AutoCloseable {

    /** What a client needs to connect besides credentials: bootstrap.servers and, when secured, protocol and truststore. */
    Map<String, String> clientSettings();

    /** One line for the user: version, brokers, address, security, where the data lives. */
    String description();

    /** {@code host:port} clients use for broker {@code index} (0-based). */
    String brokerAddress(int index);

    /** Index of the broker leading {@code partition} of {@code topic}. */
    int leaderOf(String topic, int partition);

    /** Kills broker {@code index}'s JVM with SIGKILL; its data stays for a restart. */
    void killBroker(int index);

    /** Starts broker {@code index} again on its data and waits until it has registered. */
    void restartBroker(int index);

    /** Stops broker {@code index} (SIGSTOP) for {@code duration}, then lets it go on (SIGCONT). */
    void pauseBroker(int index, Duration duration);

    /** Stalls the clients' traffic to every broker for {@code duration}, connections kept open. */
    void freezeNetwork(Duration duration);

    /**
     * Holds every byte between the clients and every broker for {@code delay} in each direction, for
     * {@code duration}, then goes back to the cluster's own delay ({@link LocalClusterConfig#networkDelay()}).
     */
    void delayNetwork(Duration delay, Duration duration);

    /**
     * As {@link #delayNetwork(Duration, Duration)}, the delay growing (or shrinking) linearly from {@code delay} to
     * {@code toDelay} over {@code duration}: a link that slows down over a run.
     */
    void delayNetwork(Duration delay, Duration toDelay, Duration duration);

    /**
     * The brokers' own counters now, each summed over the brokers, by the names of
     * {@link io.kbench.driver.ProvisionedCluster#metrics()}; empty for a cluster that reports none (the default).
     */
    default Map<String, Double> metrics() {
        return Map.of();
    }

    /**
     * The brokers' own request metrics since they started, combined over the running brokers:
     * {@code <request>.<part>.count} and {@code .mean} (ms) for Kafka's RequestMetrics of Produce and
     * FetchConsumer requests, {@code partitions}, {@code cpuNanos} of the broker JVMs and {@code epochMillis}
     * when read. Empty when unknown.
     */
    default Map<String, Double> brokerMetrics() {
        return Map.of();
    }

    /**
     * What each running broker JVM did since it started: its GC pauses and its segment deletions. See
     * {@link io.kbench.driver.ProvisionedCluster#brokerActivity()}; empty for a cluster that does not watch them.
     */
    default Optional<List<BrokerActivity>> brokerActivity() {
        return Optional.empty();
    }

    // ---- operations on the brokers, named by their Kafka broker id (not an index)

    /**
     * Restarts broker {@code brokerId} with a controlled shutdown (SIGTERM), then on its data and ports; returns once
     * it has registered again. See {@link io.kbench.driver.ProvisionedCluster#restartBrokerGracefully}.
     *
     * @return what was done, in one line, with how long the stop and the start took (s)
     */
    default String restartBrokerGracefully(int brokerId) {
        throw new DriverException("this local cluster cannot restart its brokers gracefully");
    }

    /** Starts one more broker (broker only, not a controller) and returns its broker id once it has registered. */
    default int addBroker() {
        throw new DriverException("this local cluster cannot add brokers");
    }

    /**
     * Stops broker {@code brokerId} with a controlled shutdown and unregisters it; only a broker {@link #addBroker()}
     * started can be removed. Its partitions must have been moved off it first.
     *
     * @return what was done, in one line
     */
    default String removeBroker(int brokerId) {
        throw new DriverException("this local cluster cannot remove brokers");
    }

    /** Stops every broker and deletes the cluster's data. */
    @Override
    void close();
}
