package io.kbench.kafka.local;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The layout of a broker-only node added to a running local cluster ({@link LocalKafkaCluster#addBroker()}), derived
 * from one of the original nodes: the same broker properties (the user's broker config, the secured listener's
 * settings, tiered storage, the cluster's defaults) and the same {@code controller.quorum.voters}, with its own node
 * id, ports and data directory, {@code process.roles=broker} and no controller listener. So it reaches the existing
 * quorum like the others and never votes in it. A pure function, like {@link ClusterLayout#compute}.
 */
final class AddedBroker {

    private AddedBroker() {
    }

    /**
     * How many ports the new node needs, in the order {@link #layout} takes them: its client listener, then its
     * internal listener and its fault proxy when the template has them.
     */
    static int portsNeeded(NodeLayout template) {
        return 1 + (template.hasInternalListener() ? 1 : 0) + (template.hasProxy() ? 1 : 0);
    }

    /**
     * @param template an original node of the cluster, whose properties the new node shares
     * @param nodeId   the new node's id, used by no node of the cluster so far; its index is {@code nodeId - 1}
     * @param ports    {@link #portsNeeded} free ports on {@value ClusterLayout#HOST}
     * @throws IllegalArgumentException if the number of ports is wrong
     */
    static NodeLayout layout(NodeLayout template, int nodeId, List<Integer> ports) {
        int needed = portsNeeded(template);
        if (ports.size() != needed) {
            throw new IllegalArgumentException("need " + needed + " ports for a broker-only node, got " + ports.size());
        }
        int clientPort = ports.get(0);
        int internalPort = template.hasInternalListener() ? ports.get(1) : 0;
        int proxyPort = template.hasProxy() ? ports.get(needed - 1) : 0;
        // Beside the original nodes' data and config files, so close() deletes it with them.
        Path dataDir = template.logDir().getParent();
        Path logDir = dataDir.resolve("node-" + nodeId);
        Map<String, String> p = new TreeMap<>(template.properties());
        p.put("node.id", String.valueOf(nodeId));
        p.put("process.roles", "broker");
        p.putAll(ClusterLayout.brokerListeners(clientPort, internalPort, proxyPort));
        p.put("log.dirs", logDir.toString());
        return new NodeLayout(nodeId - 1, nodeId, clientPort, 0, internalPort, proxyPort,
                dataDir.resolve("node-" + nodeId + ".properties"), logDir, Collections.unmodifiableMap(p));
    }
}
