package io.kbench.kafka.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * Where every node of a local cluster listens and the broker properties it runs with.
 *
 * <p>A pure function ({@link #compute}) of the broker count, the ports already allocated, the
 * client listener's security, the user's broker overrides, the data directory and whether a fault
 * proxy sits in front of each broker: no I/O, no broker, so it is unit-tested on its own.
 *
 * <p>Listeners of each node, all on {@value #HOST}:
 * <ul>
 *   <li>Plain cluster without proxy: {@code PLAINTEXT} (clients and replication) and
 *       {@code CONTROLLER} — the smallest layout, for ordinary runs.</li>
 *   <li>Secured, or with a fault proxy: {@code CLIENT} (the secured protocol, or PLAINTEXT),
 *       {@code INTERNAL} (PLAINTEXT: replication and kbench's own admin client) and
 *       {@code CONTROLLER}. Replication needs a listener of its own in both cases: with security
 *       so the nodes need no credentials among themselves, with a proxy so a network freeze stalls
 *       the clients only, not replication or the controller quorum.</li>
 * </ul>
 * With a proxy the client listener advertises the proxy's port, so clients that follow the
 * metadata (every Kafka client) keep talking through the proxy.
 *
 * @param nodes                 the nodes, by index; unmodifiable
 * @param bootstrapServers      what clients use: every node's {@link NodeLayout#clientAddress()}
 * @param adminBootstrapServers PLAINTEXT addresses needing no credentials and bypassing the proxies
 *                              (see {@link NodeLayout#adminAddress()}), for kbench's own admin client
 * @param quorumVoters          the static {@code controller.quorum.voters}
 */
record ClusterLayout(List<NodeLayout> nodes, String bootstrapServers, String adminBootstrapServers,
                     String quorumVoters) {

    static final String HOST = "127.0.0.1";
    static final String PLAINTEXT_LISTENER = "PLAINTEXT";
    static final String CLIENT_LISTENER = "CLIENT";
    static final String INTERNAL_LISTENER = "INTERNAL";
    static final String CONTROLLER_LISTENER = "CONTROLLER";

    ClusterLayout {
        nodes = List.copyOf(nodes);
    }

    /** The same layout with node i in zone {@code racks.get(i)} ({@code broker.rack}); unchanged for no racks. */
    ClusterLayout withRacks(List<String> racks) {
        if (racks.isEmpty()) {
            return this;
        }
        List<NodeLayout> placed = new ArrayList<>();
        for (NodeLayout n : nodes) {
            Map<String, String> p = new TreeMap<>(n.properties());
            p.put("broker.rack", racks.get(n.index()).trim());
            placed.add(new NodeLayout(n.index(), n.nodeId(), n.clientListenerPort(), n.controllerPort(), n.internalPort(),
                    n.proxyPort(), n.configFile(), n.logDir(), Collections.unmodifiableMap(p)));
        }
        return new ClusterLayout(placed, bootstrapServers, adminBootstrapServers, quorumVoters);
    }

    /** How many ports each node needs; {@link #compute} takes {@code brokers} times as many. */
    static int portsPerNode(boolean secured, boolean proxy) {
        return 2 + (secured || proxy ? 1 : 0) + (proxy ? 1 : 0);
    }

    /**
     * Lays out a cluster.
     *
     * @param brokers   number of combined broker+controller nodes (at least 1)
     * @param ports     {@link #portsPerNode} ports per node, node after node; within a node: client
     *                  listener, controller, then the internal listener and the proxy when present
     * @param security  the secured client listener, or {@code null} for PLAINTEXT
     * @param overrides the user's broker properties ({@code localCluster.brokerConfig}); keys and
     *                  values are trimmed, and they lose against the layout's own keys
     * @param dataDir   directory holding each node's config file and log dir
     * @param proxy     whether a fault proxy sits in front of each client listener
     * @throws IllegalArgumentException if {@code brokers} or the number of ports is wrong
     */
    static ClusterLayout compute(int brokers, List<Integer> ports, LocalClusterSecrets.NodeSettings security,
                                 Map<String, String> overrides, Path dataDir, boolean proxy) {
        if (brokers < 1) {
            throw new IllegalArgumentException("brokers must be at least 1 (got " + brokers + ")");
        }
        boolean secured = security != null;
        int perNode = portsPerNode(secured, proxy);
        if (ports.size() != perNode * brokers) {
            throw new IllegalArgumentException("need " + perNode * brokers + " ports for " + brokers
                    + " node(s), got " + ports.size());
        }
        boolean internal = secured || proxy;
        String voters = joinNodes(brokers, i -> (i + 1) + "@" + HOST + ":" + ports.get(perNode * i + 1));

        List<NodeLayout> nodes = new ArrayList<>();
        for (int i = 0; i < brokers; i++) {
            int base = perNode * i;
            int clientPort = ports.get(base);
            int controllerPort = ports.get(base + 1);
            int internalPort = internal ? ports.get(base + 2) : 0;
            int proxyPort = proxy ? ports.get(base + 3) : 0;
            int nodeId = i + 1;
            Path logDir = dataDir.resolve("node-" + nodeId).toAbsolutePath();
            Map<String, String> p = new TreeMap<>(defaults(brokers));
            overrides.forEach((k, v) -> p.put(k.trim(), v.trim()));
            p.putAll(fixed(nodeId, clientPort, controllerPort, internalPort, proxyPort, security, voters, logDir));
            // Alternatives to keys the layout sets: they would contradict it.
            p.remove("broker.id");
            p.remove("controller.quorum.bootstrap.servers");
            p.remove("log.dir");
            p.remove("metadata.log.dir");
            nodes.add(new NodeLayout(i, nodeId, clientPort, controllerPort, internalPort, proxyPort,
                    dataDir.resolve("node-" + nodeId + ".properties").toAbsolutePath(), logDir,
                    Collections.unmodifiableMap(p)));
        }
        return new ClusterLayout(nodes,
                nodes.stream().map(NodeLayout::clientAddress).collect(Collectors.joining(",")),
                nodes.stream().map(NodeLayout::adminAddress).collect(Collectors.joining(",")),
                voters);
    }

    /** Benchmark-friendly defaults the user may override. */
    static Map<String, String> defaults(int brokers) {
        // Internal topics replicate as far as the cluster allows: RF 3 and min ISR 2 with 3+ nodes
        // (as on a production cluster), RF 1 with one node (else consumer groups hang).
        String rf = String.valueOf(Math.min(3, brokers));
        String minIsr = String.valueOf(Math.min(2, brokers));
        Map<String, String> p = new TreeMap<>();
        p.put("offsets.topic.replication.factor", rf);
        p.put("offsets.topic.num.partitions", "10");
        p.put("transaction.state.log.replication.factor", rf);
        p.put("transaction.state.log.min.isr", minIsr);
        p.put("share.coordinator.state.topic.replication.factor", rf);
        p.put("share.coordinator.state.topic.min.isr", minIsr);
        // The share-group state topic is made at the first share group: 10 partitions, as the offsets
        // topic here, instead of 50 (on 3 brokers that saved ~40 MB of RSS and a few seconds then).
        p.put("share.coordinator.state.topic.num.partitions", "10");
        // Kafka's defaults stay (45 s sessions, 5 s heartbeats, 30 s record locks); only the lower bounds
        // move, so a workload or test may ask for shorter ones (a crash that stalls 6 s, not 45 s). The
        // classic protocol's own bound (group.min.session.timeout.ms) is 6 s already.
        p.put("group.consumer.min.session.timeout.ms", "6000");
        p.put("group.consumer.min.heartbeat.interval.ms", "500");
        p.put("group.share.min.session.timeout.ms", "6000");
        p.put("group.share.min.heartbeat.interval.ms", "500");
        p.put("group.share.min.record.lock.duration.ms", "1000");
        p.put("group.initial.rebalance.delay.ms", "0");
        // The log cleaner's 128 MB default buffer would dominate a small broker's heap.
        p.put("log.cleaner.dedupe.buffer.size", "4194304");
        // Retention is checked every 10 s instead of every 5 min, so a workload's short retention.ms works on a
        // benchmark's time scale (a compressed soak). With Kafka's default retention (7 days) a check deletes nothing.
        p.put("log.retention.check.interval.ms", "10000");
        p.put("num.partitions", "1");
        p.put("auto.create.topics.enable", "false");
        p.put("delete.topic.enable", "true");
        return p;
    }

    /** The keys that make the layout work; they override anything given. */
    private static Map<String, String> fixed(int nodeId, int clientPort, int controllerPort, int internalPort,
                                             int proxyPort, LocalClusterSecrets.NodeSettings security,
                                             String voters, Path logDir) {
        Map<String, String> p = new TreeMap<>();
        p.put("node.id", String.valueOf(nodeId));
        p.put("process.roles", "broker,controller");
        Map<String, String> brokerListeners = brokerListeners(clientPort, internalPort, proxyPort);
        p.put("listeners", brokerListeners.get("listeners") + "," + CONTROLLER_LISTENER + "://" + HOST + ":" + controllerPort);
        p.put("advertised.listeners", brokerListeners.get("advertised.listeners"));
        if (internalPort == 0) {
            p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
            p.put("inter.broker.listener.name", PLAINTEXT_LISTENER);
        } else {
            String clientProtocol = security == null ? "PLAINTEXT" : security.protocol();
            p.put("listener.security.protocol.map", CLIENT_LISTENER + ":" + clientProtocol + ","
                    + INTERNAL_LISTENER + ":PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
            p.put("inter.broker.listener.name", INTERNAL_LISTENER);
            if (security != null) {
                p.putAll(security.listenerProperties(CLIENT_LISTENER.toLowerCase(Locale.ROOT)));
            }
        }
        p.put("controller.listener.names", CONTROLLER_LISTENER);
        p.put("controller.quorum.voters", voters);
        p.put("log.dirs", logDir.toString());
        return p;
    }

    /**
     * A node's broker listeners, without the controller's: {@code listeners} and {@code advertised.listeners} by key.
     * PLAINTEXT alone when {@code internalPort} is 0; else CLIENT and INTERNAL, CLIENT advertising the proxy's port
     * when {@code proxyPort} is not 0. A broker-only node ({@link AddedBroker}) has exactly these.
     */
    static Map<String, String> brokerListeners(int clientPort, int internalPort, int proxyPort) {
        if (internalPort == 0) {
            String plain = PLAINTEXT_LISTENER + "://" + HOST + ":" + clientPort;
            return Map.of("listeners", plain, "advertised.listeners", plain);
        }
        String internal = INTERNAL_LISTENER + "://" + HOST + ":" + internalPort;
        int advertisedClientPort = proxyPort > 0 ? proxyPort : clientPort;
        return Map.of("listeners", CLIENT_LISTENER + "://" + HOST + ":" + clientPort + "," + internal,
                "advertised.listeners", CLIENT_LISTENER + "://" + HOST + ":" + advertisedClientPort + "," + internal);
    }

    private static String joinNodes(int brokers, IntFunction<String> each) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < brokers; i++) {
            parts.add(each.apply(i));
        }
        return String.join(",", parts);
    }

    /** The node at {@code index}. */
    NodeLayout node(int index) {
        return nodes.get(index);
    }

    int brokers() {
        return nodes.size();
    }
}
