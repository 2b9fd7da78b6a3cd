package io.kbench.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.ClusterDescription;
import io.kbench.model.HostLoad;
import io.kbench.stats.HostCpuUse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProvenanceTest {

    static ClusterDescription.Broker broker(String id, String rack, Map<String, String> nonDefault) {
        return new ClusterDescription.Broker(id, "10.0.0." + id + ":9092", rack, "Kafka 4.3 (metadata.version up to 30)",
                Map.of("num.io.threads", nonDefault.getOrDefault("num.io.threads", "8")), nonDefault);
    }

    static ClientMachine machine(String worker, String hostId, double busy) {
        return new ClientMachine(worker, "node-" + hostId, hostId, 2, 1, "AMD EPYC", 4L << 30, "Linux", "OpenJDK 17", "0.1.0", "abc",
                busy < 0 ? null : new HostCpuUse(busy, 0.01, 2, 10_000));
    }

    @Test
    void brokersAndTopicsWithTheSameConfigsAreWrittenOnceAsAGroup() {
        ClusterDescription d = new ClusterDescription("c1", "1 (10.0.0.1:9092)", List.of(
                broker("1", "a", Map.of("num.io.threads", "16", "listeners", "PLAINTEXT://10.0.0.1:9092")),
                broker("2", "b", Map.of("num.io.threads", "16", "listeners", "PLAINTEXT://10.0.0.1:9092")),
                broker("3", "c", Map.of("num.io.threads", "4"))),
                Map.of("metadata.version", "30"), Map.of("t-0", Map.of("min.insync.replicas", "2"), "t-1", Map.of("min.insync.replicas", "2"),
                "t-2", Map.of()), Map.of("producer", Map.of("acks", "all")), Map.of());
        ClusterFacts f = ClusterFacts.of(d);
        assertEquals(3, f.brokerCount());
        assertEquals(2, f.brokerConfigs().size());
        assertEquals(List.of("1", "2"), f.brokerConfigs().get(0).brokers());
        assertEquals("16", f.brokerConfigs().get(0).differsFromDefault().get("num.io.threads"));
        assertEquals(List.of("3"), f.brokerConfigs().get(1).brokers());
        assertEquals(2, f.topicConfigs().size());
        assertEquals(List.of("t-0", "t-1"), f.topicConfigs().get(0).topics());
        assertEquals(List.of("Kafka 4.3 (metadata.version up to 30)"), f.versions());

        Map<String, String> facts = ProvenanceFacts.of(Provenance.of("w", "d", d, null, List.of(), null), Map.of("kbench", "0.1.0"));
        assertEquals("3", facts.get("cluster.brokers"));
        assertEquals("a, b, c", facts.get("cluster.racks"));
        assertEquals("16", facts.get("broker 1,2.num.io.threads"));
        assertEquals("4", facts.get("broker 3.num.io.threads"));
        assertFalse(facts.containsKey("broker 1,2.listeners"), "addresses change with every cluster: " + facts);
        assertEquals("2", facts.get("topic.min.insync.replicas"));
        assertEquals("all", facts.get("producer.acks"));
        assertEquals("0.1.0", facts.get("version.kbench"));
    }

    @Test
    void whatCouldNotBeToldIsNamedNotAvailable() {
        ClusterDescription refused = new ClusterDescription("c1", null, List.of(broker("1", null, Map.of())), Map.of(), Map.of(), Map.of(),
                Map.of("brokerConfigs", "refused: Cluster authorization failed. (ClusterAuthorizationException)"));
        Provenance p = Provenance.of("w", "d", refused, null, List.of(machine("w0", "h1", -1)), null);
        assertTrue(p.notAvailable().get("brokerConfigs").contains("ClusterAuthorizationException"), p.notAvailable().toString());
        assertTrue(p.notAvailable().get("hostCpu").startsWith("not measured on w0"), p.notAvailable().toString());

        Provenance none = Provenance.of("w", "d", null, "driver x does not describe its cluster", List.of(), "the run ended before");
        assertNull(none.cluster());
        assertEquals("driver x does not describe its cluster", none.notAvailable().get("cluster"));
        assertEquals("the run ended before", none.notAvailable().get("clients"));
    }

    @Test
    void workersOnOneHostAreOneHostLoad() {
        Provenance p = Provenance.of("w", "d", null, "none", List.of(machine("w0", "boot-1", 0.96), machine("w1", "boot-1", 0.98),
                machine("w2", "boot-2", 0.30), machine("w3", "boot-3", -1)), null);
        List<HostLoad> hosts = p.hostLoads();
        assertEquals(2, hosts.size(), hosts.toString());
        assertEquals(List.of("w0", "w1"), hosts.get(0).workers());
        assertEquals("node-boot-1", hosts.get(0).host());
        assertEquals(0.97, hosts.get(0).busyShare(), 1e-9);
        assertEquals(List.of("w2"), hosts.get(1).workers());
    }
}
