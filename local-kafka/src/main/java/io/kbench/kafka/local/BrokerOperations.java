package io.kbench.kafka.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import io.kbench.driver.DriverException;

/**
 * The operations on a local cluster's brokers themselves, as an operator would run them under load: a graceful
 * restart, a broker added, a broker removed ({@link LocalKafkaCluster#restartBrokerGracefully},
 * {@link LocalKafkaCluster#addBroker}, {@link LocalKafkaCluster#removeBroker}). Brokers are named by their Kafka
 * broker id here (node id = index + 1 in {@link ClusterNodes}).
 *
 * <p>Thread-safe: one operation at a time (a second waits for the first); faults may come meanwhile, since
 * {@link ClusterNodes} checks the nodes' state under its own lock. Every step is written to the broker log.
 */
final class BrokerOperations {

    /** How long a controlled shutdown may take before the node is killed. */
    static final long STOP_TIMEOUT_MS = 60_000;
    private static final long KILL_WAIT_MS = 10_000;

    private final ClusterNodes nodes;
    private final FaultLog faultLog;
    private final Path log;
    private final Supplier<ClusterAdmin> admin;
    private final long readyTimeoutMs;

    /**
     * @param log            the broker log, whose end goes into the error when a node does not start
     * @param admin          kbench's own admin client (bypasses the fault proxies)
     * @param readyTimeoutMs how long a started node may take to register
     */
    BrokerOperations(ClusterNodes nodes, FaultLog faultLog, Path log, Supplier<ClusterAdmin> admin, long readyTimeoutMs) {
        this.nodes = nodes;
        this.faultLog = faultLog;
        this.log = log;
        this.admin = admin;
        this.readyTimeoutMs = readyTimeoutMs;
    }

    /** See {@link LocalKafkaCluster#restartBrokerGracefully}. */
    synchronized String restartGracefully(int brokerId) {
        int index = indexOf(brokerId);
        String address = nodes.layout(index).clientAddress();
        String stop = stop(index, "broker-graceful-restart");
        long t0 = System.nanoTime();
        nodes.restart(index, readyTimeoutMs); // as after a kill: same data, same ports; waits until it is registered
        String done = String.format(Locale.ROOT, "restarted broker %d (%s): %s, started and registered again in %.1f s",
                brokerId, address, stop, seconds(System.nanoTime() - t0));
        faultLog.info("broker-graceful-restart: " + done);
        return done;
    }

    /** See {@link LocalKafkaCluster#addBroker}. */
    synchronized int add() {
        int index = nodes.slots(); // never a removed node's: ids are not reused
        int nodeId = index + 1;
        // Node 0 is a controller, so it is never removed: the template for every added node.
        NodeLayout template = nodes.layout(0);
        NodeLayout added;
        try {
            added = AddedBroker.layout(template, nodeId, FreePorts.allocate(AddedBroker.portsNeeded(template)));
            LocalKafkaCluster.writeNodeConfig(added);
        } catch (IOException e) {
            throw new DriverException("Cannot add broker " + nodeId + ": " + e.getMessage() + " (is the disk of "
                    + template.logDir().getParent() + " full?)", e);
        }
        long t0 = System.nanoTime();
        NodeProcess node = nodes.launchAdded(added);
        String failure;
        try {
            node.ready().get(readyTimeoutMs, TimeUnit.MILLISECONDS);
            faultLog.info(String.format(Locale.ROOT, "broker-add: broker %d registered and unfenced after %.1f s, at %s",
                    nodeId, seconds(System.nanoTime() - t0), added.clientAddress()));
            return nodeId;
        } catch (TimeoutException e) {
            failure = "it was not registered within " + readyTimeoutMs / 1000 + " s (a very slow or overloaded machine?)";
        } catch (ExecutionException e) {
            failure = e.getCause().getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted while waiting for it";
        }
        node.kill();
        node.waitFor(KILL_WAIT_MS);
        try {
            nodes.remove(index);
        } catch (DriverException closed) {
            // Closed meanwhile: nothing left to count.
        }
        faultLog.info("broker-add: broker " + nodeId + " did not come up: " + failure);
        throw new DriverException("Cannot add broker " + nodeId + ": " + failure + LocalFiles.logTail(log));
    }

    /** See {@link LocalKafkaCluster#removeBroker}. */
    synchronized String remove(int brokerId) {
        int index = indexOf(brokerId);
        NodeLayout node = nodes.layout(index);
        if (node.isController()) {
            List<Integer> added = addedIds();
            throw new DriverException("broker " + brokerId + " cannot be removed: it is also a controller, a voter of the "
                    + "cluster's KRaft quorum (every node the local cluster starts with is one, and the voters are fixed); "
                    + "remove a broker added by add-broker instead (" + (added.isEmpty() ? "none so far" : "brokers " + added) + ")");
        }
        String stop = nodes.isAlive(index) ? stop(index, "broker-remove") : "it was not running";
        boolean registered = admin.get().unregisterBroker(brokerId);
        nodes.remove(index);
        // Its partitions were moved off it: nothing in its data is needed any more.
        LocalFiles.deleteRecursively(node.logDir());
        try {
            Files.deleteIfExists(node.configFile());
        } catch (IOException ignored) {
            // close() deletes the whole directory anyway.
        }
        String done = "removed broker " + brokerId + " (" + node.clientAddress() + "): " + stop
                + (registered ? ", unregistered from the cluster's metadata" : ", and it was not registered any more");
        faultLog.info("broker-remove: " + done);
        return done;
    }

    /** The ids of the brokers added (broker-only nodes) and not removed, ascending. */
    List<Integer> addedIds() {
        return nodes.indexes().stream().filter(i -> !nodes.layout(i).isController()).map(i -> i + 1).toList();
    }

    /**
     * SIGTERM, then waits for the JVM, at most {@link #STOP_TIMEOUT_MS}, and kills it if it is still there. Returns what
     * happened, for the one-line answer.
     */
    private String stop(int index, String what) {
        long t0 = System.nanoTime();
        NodeProcess node = nodes.terminate(index, what);
        if (node.waitFor(STOP_TIMEOUT_MS)) {
            return String.format(Locale.ROOT, "controlled shutdown %.1f s", seconds(System.nanoTime() - t0));
        }
        node.kill();
        node.waitFor(KILL_WAIT_MS);
        faultLog.info(what + ": " + ClusterNodes.brokerText(index) + " (pid " + node.pid() + ") had not stopped "
                + STOP_TIMEOUT_MS / 1000 + " s after SIGTERM: killed with SIGKILL");
        return String.format(Locale.ROOT, "no controlled shutdown within %d s, killed with SIGKILL after %.1f s",
                STOP_TIMEOUT_MS / 1000, seconds(System.nanoTime() - t0));
    }

    /** The index of broker {@code brokerId}, which must be one of the cluster's. */
    private int indexOf(int brokerId) {
        List<Integer> indexes = nodes.indexes();
        if (!indexes.contains(brokerId - 1)) {
            boolean wasRemoved = brokerId >= 1 && brokerId <= nodes.slots();
            throw new DriverException("broker " + brokerId + (wasRemoved ? " was removed from" : " is not in")
                    + " this cluster; its brokers are " + indexes.stream().map(i -> i + 1).toList());
        }
        return brokerId - 1;
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
