package io.kbench.kafka.local;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * One node of a local cluster on {@value ClusterLayout#HOST}: a combined broker+controller KRaft node of the
 * {@link ClusterLayout}, or a broker-only node added later ({@link AddedBroker}).
 *
 * @param index              0-based position in the cluster, the index of the fault API
 * @param nodeId             Kafka's {@code node.id}: {@code index + 1}
 * @param clientListenerPort port the broker's client listener binds (the one in
 *                           {@code bootstrap.servers} unless a fault proxy sits in front of it)
 * @param controllerPort     port of the node's KRaft controller listener, or 0 for a broker-only node
 * @param internalPort       port of the broker's internal PLAINTEXT listener (replication, and
 *                           kbench's own admin client), or 0 when the client listener serves those too
 * @param proxyPort          port of the fault proxy in front of the client listener, or 0 without one
 * @param configFile         where the node's broker properties are written
 * @param logDir             the node's {@code log.dirs} (its data)
 * @param properties         the node's complete broker properties; unmodifiable, sorted by key
 */
record NodeLayout(int index, int nodeId, int clientListenerPort, int controllerPort, int internalPort,
                  int proxyPort, Path configFile, Path logDir, Map<String, String> properties) {

    /** {@code host:port} clients connect to: the proxy's when there is one, so a freeze reaches them. */
    String clientAddress() {
        return ClusterLayout.HOST + ":" + (hasProxy() ? proxyPort : clientListenerPort);
    }

    /**
     * {@code host:port} of a PLAINTEXT listener that needs no credentials and bypasses the proxy:
     * the internal listener when there is one, else the (plaintext) client listener.
     */
    String adminAddress() {
        return ClusterLayout.HOST + ":" + (hasInternalListener() ? internalPort : clientListenerPort);
    }

    /** Whether the node is a controller, that is a voter of the cluster's KRaft quorum (every original node is). */
    boolean isController() {
        return properties.getOrDefault("process.roles", "").contains("controller");
    }

    boolean hasProxy() {
        return proxyPort > 0;
    }

    boolean hasInternalListener() {
        return internalPort > 0;
    }

    /** The properties as {@link Properties}, for Kafka and for storing them in {@link #configFile()}. */
    Properties toProperties() {
        Properties p = new Properties();
        p.putAll(properties);
        return p;
    }
}
