package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.kafka.cluster.LocalClusterConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The layout function alone: no broker, no I/O. */
class ClusterLayoutTest {

    private static final Path DATA = Path.of("/tmp/kbench-kafka-test/data");
    private static final LocalClusterSecrets.NodeSettings SASL_SSL = new LocalClusterSecrets.NodeSettings(
            "SASL_SSL", List.of("PLAIN"), Path.of("/tmp/k.p12"), "keystore-pw", Map.of("bench", "user-pw"), List.of());

    /** {@code count} ports from {@code first} on, as the allocator would hand them out. */
    private static List<Integer> ports(int first, int count) {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ports.add(first + i);
        }
        return ports;
    }

    @Test
    void portsPerNode() {
        assertEquals(2, ClusterLayout.portsPerNode(false, false));
        assertEquals(3, ClusterLayout.portsPerNode(true, false));
        assertEquals(4, ClusterLayout.portsPerNode(false, true));
        assertEquals(4, ClusterLayout.portsPerNode(true, true));
    }

    @Test
    void oneNodePlaintextWithoutProxy() {
        ClusterLayout layout = ClusterLayout.compute(1, ports(9000, 2), null, Map.of(), DATA, false);
        assertEquals("127.0.0.1:9000", layout.bootstrapServers());
        assertEquals("127.0.0.1:9000", layout.adminBootstrapServers());
        assertEquals("1@127.0.0.1:9001", layout.quorumVoters());
        NodeLayout node = layout.node(0);
        assertEquals(0, node.index());
        assertEquals(1, node.nodeId());
        assertEquals(9000, node.clientListenerPort());
        assertEquals(9001, node.controllerPort());
        assertFalse(node.hasInternalListener());
        assertFalse(node.hasProxy());
        assertEquals(DATA.resolve("node-1.properties").toAbsolutePath(), node.configFile());
        Map<String, String> p = node.properties();
        assertEquals("1", p.get("node.id"));
        assertEquals("broker,controller", p.get("process.roles"));
        assertEquals("PLAINTEXT://127.0.0.1:9000,CONTROLLER://127.0.0.1:9001", p.get("listeners"));
        assertEquals("PLAINTEXT://127.0.0.1:9000", p.get("advertised.listeners"));
        assertEquals("PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT", p.get("listener.security.protocol.map"));
        assertEquals("PLAINTEXT", p.get("inter.broker.listener.name"));
        assertEquals("CONTROLLER", p.get("controller.listener.names"));
        assertEquals("1@127.0.0.1:9001", p.get("controller.quorum.voters"));
        assertEquals(DATA.resolve("node-1").toAbsolutePath().toString(), p.get("log.dirs"));
        // One node: internal topics cannot replicate.
        assertEquals("1", p.get("offsets.topic.replication.factor"));
        assertEquals("1", p.get("transaction.state.log.replication.factor"));
        assertEquals("1", p.get("transaction.state.log.min.isr"));
        assertEquals("10", p.get("share.coordinator.state.topic.num.partitions"));
        // Kafka's defaults stay; only the lower bounds move, so workloads may ask for short sessions and locks.
        assertEquals(null, p.get("group.consumer.session.timeout.ms"));
        assertEquals("6000", p.get("group.consumer.min.session.timeout.ms"));
        assertEquals("6000", p.get("group.share.min.session.timeout.ms"));
        assertEquals("500", p.get("group.share.min.heartbeat.interval.ms"));
        assertEquals("1000", p.get("group.share.min.record.lock.duration.ms"));
        assertEquals("1", p.get("share.coordinator.state.topic.replication.factor"));
        assertEquals("1", p.get("share.coordinator.state.topic.min.isr"));
        assertEquals("0", p.get("group.initial.rebalance.delay.ms"));
        assertEquals("4194304", p.get("log.cleaner.dedupe.buffer.size"));
        assertEquals("10000", p.get("log.retention.check.interval.ms"), "a workload's short retention works within a run");
        assertEquals("false", p.get("auto.create.topics.enable"));
        assertThrows(UnsupportedOperationException.class, () -> p.put("x", "y"));
        assertEquals(p, new HashMap<>(node.toProperties()));
    }

    @Test
    void threeNodesReplicateInternalTopicsAndShareTheVoters() {
        ClusterLayout layout = ClusterLayout.compute(3, ports(9000, 6), null, Map.of(), DATA, false);
        assertEquals(3, layout.brokers());
        assertEquals("127.0.0.1:9000,127.0.0.1:9002,127.0.0.1:9004", layout.bootstrapServers());
        String voters = "1@127.0.0.1:9001,2@127.0.0.1:9003,3@127.0.0.1:9005";
        assertEquals(voters, layout.quorumVoters());
        for (NodeLayout node : layout.nodes()) {
            Map<String, String> p = node.properties();
            assertEquals(String.valueOf(node.index() + 1), p.get("node.id"));
            assertEquals(voters, p.get("controller.quorum.voters"));
            assertEquals("3", p.get("offsets.topic.replication.factor"));
            assertEquals("3", p.get("transaction.state.log.replication.factor"));
            assertEquals("2", p.get("transaction.state.log.min.isr"));
            assertEquals("3", p.get("share.coordinator.state.topic.replication.factor"));
            assertEquals("2", p.get("share.coordinator.state.topic.min.isr"));
        }
        NodeLayout second = layout.node(1);
        assertEquals("PLAINTEXT://127.0.0.1:9002,CONTROLLER://127.0.0.1:9003", second.properties().get("listeners"));
        assertEquals(DATA.resolve("node-2").toAbsolutePath().toString(), second.properties().get("log.dirs"));
        // Two nodes: RF 2, min ISR 2.
        Map<String, String> two = ClusterLayout.compute(2, ports(9000, 4), null, Map.of(), DATA, false).node(0).properties();
        assertEquals("2", two.get("offsets.topic.replication.factor"));
        assertEquals("2", two.get("transaction.state.log.min.isr"));
    }

    @Test
    void proxyIsAdvertisedToClientsWhileReplicationBypassesIt() {
        // Per node: client listener, controller, internal, proxy.
        ClusterLayout layout = ClusterLayout.compute(2, ports(9000, 8), null, Map.of(), DATA, true);
        assertEquals("127.0.0.1:9003,127.0.0.1:9007", layout.bootstrapServers());
        assertEquals("127.0.0.1:9002,127.0.0.1:9006", layout.adminBootstrapServers());
        assertEquals("1@127.0.0.1:9001,2@127.0.0.1:9005", layout.quorumVoters());
        NodeLayout node = layout.node(0);
        assertTrue(node.hasProxy());
        assertEquals(9003, node.proxyPort());
        assertEquals("127.0.0.1:9003", node.clientAddress());
        Map<String, String> p = node.properties();
        assertEquals("CLIENT://127.0.0.1:9000,INTERNAL://127.0.0.1:9002,CONTROLLER://127.0.0.1:9001", p.get("listeners"));
        assertEquals("CLIENT://127.0.0.1:9003,INTERNAL://127.0.0.1:9002", p.get("advertised.listeners"));
        assertEquals("CLIENT:PLAINTEXT,INTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT", p.get("listener.security.protocol.map"));
        assertEquals("INTERNAL", p.get("inter.broker.listener.name"));
        assertFalse(p.keySet().stream().anyMatch(k -> k.startsWith("listener.name.")), p.toString());
    }

    @Test
    void securedClientListenerWithoutProxy() {
        ClusterLayout layout = ClusterLayout.compute(1, ports(9000, 3), SASL_SSL, Map.of(), DATA, false);
        assertEquals("127.0.0.1:9000", layout.bootstrapServers());
        assertEquals("127.0.0.1:9002", layout.adminBootstrapServers());
        Map<String, String> p = layout.node(0).properties();
        assertEquals("CLIENT://127.0.0.1:9000,INTERNAL://127.0.0.1:9002,CONTROLLER://127.0.0.1:9001", p.get("listeners"));
        assertEquals("CLIENT://127.0.0.1:9000,INTERNAL://127.0.0.1:9002", p.get("advertised.listeners"));
        assertEquals("CLIENT:SASL_SSL,INTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT", p.get("listener.security.protocol.map"));
        assertEquals("INTERNAL", p.get("inter.broker.listener.name"));
        assertEquals("/tmp/k.p12", p.get("listener.name.client.ssl.keystore.location"));
        assertEquals("keystore-pw", p.get("listener.name.client.ssl.keystore.password"));
        assertEquals("PLAIN", p.get("listener.name.client.sasl.enabled.mechanisms"));
        assertTrue(p.get("listener.name.client.plain.sasl.jaas.config").contains("user_bench=\"user-pw\""),
                p.get("listener.name.client.plain.sasl.jaas.config"));
    }

    @Test
    void securedClientListenerBehindProxy() {
        ClusterLayout layout = ClusterLayout.compute(1, ports(9000, 4), SASL_SSL, Map.of(), DATA, true);
        assertEquals("127.0.0.1:9003", layout.bootstrapServers());
        Map<String, String> p = layout.node(0).properties();
        assertEquals("CLIENT://127.0.0.1:9003,INTERNAL://127.0.0.1:9002", p.get("advertised.listeners"));
        assertEquals("CLIENT:SASL_SSL,INTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT", p.get("listener.security.protocol.map"));
        assertEquals("/tmp/k.p12", p.get("listener.name.client.ssl.keystore.location"));
    }

    @Test
    void overridesBeatDefaultsButNotTheLayout() {
        Map<String, String> given = new HashMap<>();
        given.put(" num.partitions ", " 6 ");
        given.put("offsets.topic.replication.factor", "1");
        given.put("log.flush.interval.messages", "1000");
        for (String reserved : LocalClusterConfig.RESERVED_KEYS) {
            given.put(reserved, "x");
        }
        Map<String, String> p = ClusterLayout.compute(3, ports(9000, 6), null, given, DATA, false).node(0).properties();
        assertEquals("6", p.get("num.partitions"));
        assertEquals("1", p.get("offsets.topic.replication.factor"));
        assertEquals("1000", p.get("log.flush.interval.messages"));
        // Every reserved key is set by the layout or removed: a given value never survives.
        for (String reserved : LocalClusterConfig.RESERVED_KEYS) {
            assertNotEquals("x", p.get(reserved), reserved);
        }
        assertFalse(p.containsKey("broker.id"));
        assertFalse(p.containsKey("log.dir"));
        assertFalse(p.containsKey("metadata.log.dir"));
        assertFalse(p.containsKey("controller.quorum.bootstrap.servers"));
        assertEquals("1", p.get("node.id"));
    }

    @Test
    void anAddedBrokerIsBrokerOnlyWithItsOwnPortsAndDataAndTheSameSettings() {
        // Per node: client listener, controller, internal, proxy; the added node: client, internal, proxy.
        ClusterLayout layout = ClusterLayout.compute(3, ports(9000, 12), SASL_SSL, Map.of("num.partitions", "6"), DATA, true);
        NodeLayout template = layout.node(0);
        assertEquals(3, AddedBroker.portsNeeded(template));
        NodeLayout added = AddedBroker.layout(template, 4, ports(9100, 3));
        assertEquals(3, added.index());
        assertEquals(4, added.nodeId());
        assertEquals(0, added.controllerPort());
        assertTrue(template.isController());
        assertFalse(added.isController());
        assertEquals("127.0.0.1:9102", added.clientAddress());
        assertEquals("127.0.0.1:9101", added.adminAddress());
        assertEquals(DATA.resolve("node-4").toAbsolutePath(), added.logDir());
        assertEquals(DATA.resolve("node-4.properties").toAbsolutePath(), added.configFile());
        Map<String, String> p = added.properties();
        assertEquals("4", p.get("node.id"));
        assertEquals("broker", p.get("process.roles"));
        assertEquals("CLIENT://127.0.0.1:9100,INTERNAL://127.0.0.1:9101", p.get("listeners"));
        assertEquals("CLIENT://127.0.0.1:9102,INTERNAL://127.0.0.1:9101", p.get("advertised.listeners"));
        assertEquals(DATA.resolve("node-4").toAbsolutePath().toString(), p.get("log.dirs"));
        for (String same : List.of("controller.quorum.voters", "controller.listener.names", "listener.security.protocol.map",
                "inter.broker.listener.name", "listener.name.client.ssl.keystore.location", "num.partitions")) {
            assertEquals(template.properties().get(same), p.get(same), same);
        }
        assertEquals("need 3 ports for a broker-only node, got 1",
                assertThrows(IllegalArgumentException.class, () -> AddedBroker.layout(template, 4, ports(9100, 1))).getMessage());

        NodeLayout plain = AddedBroker.layout(ClusterLayout.compute(1, ports(9000, 2), null, Map.of(), DATA, false).node(0), 2,
                ports(9100, 1));
        assertEquals("PLAINTEXT://127.0.0.1:9100", plain.properties().get("listeners"));
        assertEquals("PLAINTEXT://127.0.0.1:9100", plain.properties().get("advertised.listeners"));
        assertFalse(plain.hasInternalListener());
        assertFalse(plain.hasProxy());
    }

    @Test
    void rejectsAWrongNumberOfPorts() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterLayout.compute(3, ports(9000, 6), null, Map.of(), DATA, true));
        assertEquals("need 12 ports for 3 node(s), got 6", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ClusterLayout.compute(0, List.of(), null, Map.of(), DATA, false));
    }

    @Test
    void eachBrokerGetsItsOwnRackInNodeOrder() {
        ClusterLayout layout = ClusterLayout.compute(3, ports(9000, 6), null, Map.of(), DATA, false).withRacks(List.of("az1", "az2", "az3"));
        for (int i = 0; i < 3; i++) {
            assertEquals("az" + (i + 1), layout.node(i).properties().get("broker.rack"));
        }
        assertEquals(null, ClusterLayout.compute(1, ports(9000, 2), null, Map.of(), DATA, false).withRacks(List.of()).node(0).properties()
                .get("broker.rack"), "no racks: none set");
    }
}
