package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.kafka.cluster.LocalClusterConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The worker's zone as the consumers' client.rack, the clients' bytes per broker, and a local cluster's racks: without a cluster. */
class KafkaZoneTest {

    private static KafkaDriverConfig config(String common, String consumer) {
        return new KafkaDriverConfig(1, false, "", "bootstrap.servers=127.0.0.1:9092\n" + common, "", consumer, null, null, null, null, "");
    }

    @Test
    void theWorkersZoneBecomesTheConsumersClientRackUnlessTheDriverFileSetsOne() {
        assertEquals("az2", new KafkaClientConfigs(config("", ""), "az2").consumer("g").get("client.rack"));
        assertEquals("az2", new KafkaClientConfigs(config("", ""), "az2").shareConsumer("g", "c", false).get("client.rack"));
        assertEquals("mine", new KafkaClientConfigs(config("", "client.rack=mine"), "az2").consumer("g").get("client.rack"));
        assertEquals("common", new KafkaClientConfigs(config("client.rack=common\n", ""), "az2").consumer("g").get("client.rack"));
        assertNull(new KafkaClientConfigs(config("", ""), null).consumer("g").get("client.rack"), "no zone, no rack");
        assertNull(new KafkaClientConfigs(config("", ""), "az2").producer().get("client.rack"), "this client version's producers take none");
    }

    @Test
    void aNodeTagNamesItsBrokerAndAGroupCoordinatorsConnectionCountsForTheBrokerBehindIt() {
        assertEquals(1, KafkaClientMetrics.brokerId("node-1"));
        assertEquals(3, KafkaClientMetrics.brokerId("node-" + (Integer.MAX_VALUE - 3)));
        assertNull(KafkaClientMetrics.brokerId("node--1"), "a bootstrap connection: its broker is not known");
        assertNull(KafkaClientMetrics.brokerId(null));
        assertNull(KafkaClientMetrics.brokerId("node-x"));
    }

    @Test
    void aLocalClusterTakesOneRackPerBrokerAndTheClosestReplicaNeedsThem() {
        LocalClusterConfig three = LocalClusterConfig.ofBrokers(3);
        assertEquals(List.of(), three.withRacks(List.of("az1", "az2", "az3"), true).problems());
        assertEquals(Map.of("replica.selector.class", LocalClusterConfig.RACK_AWARE_SELECTOR),
                three.withRacks(List.of("az1", "az2", "az3"), true).rackBrokerConfig());
        assertEquals(Map.of(), three.withRacks(List.of("az1", "az2", "az3"), false).rackBrokerConfig());
        List<String> two = three.withRacks(List.of("az1", "az2"), false).problems();
        assertEquals(1, two.size(), two.toString());
        assertTrue(two.get(0).startsWith("localCluster.racks names 2 zone(s) for 3 broker(s)"), two.get(0));
        List<String> none = three.withRacks(List.of(), true).problems();
        assertTrue(none.get(0).startsWith("localCluster.fetchFromClosestReplica needs localCluster.racks"), none.toString());
        assertFalse(three.withRacks(List.of("az1", " ", "az3"), false).problems().isEmpty(), "an empty zone name");
        assertEquals(List.of("az1", "az2", "az3"), three.withRacks(List.of("az1", "az2", "az3"), false).withDataDir(null).racks(),
                "kept through the other changes");
    }
}
