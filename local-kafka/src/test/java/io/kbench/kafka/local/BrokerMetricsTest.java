package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerMetricsTest {

    @Test
    void aReadingTravelsAsOneLine() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("Produce.TotalTimeMs.count", 12.0);
        m.put("Produce.TotalTimeMs.mean", 1.5);
        String line = BrokerMetrics.line(m);
        assertEquals("Produce.TotalTimeMs.count=12.0 Produce.TotalTimeMs.mean=1.5", line);
        assertEquals(m, BrokerMetrics.parse(" " + line + " junk x=notanumber"));
    }

    @Test
    void theClustersFiguresAddCountsAndWeighMeansByThem() {
        Map<String, Double> a = Map.of("Produce.TotalTimeMs.count", 100.0, "Produce.TotalTimeMs.mean", 2.0, "partitions", 10.0,
                "cpuNanos", 5.0, "epochMillis", 1_000.0);
        Map<String, Double> b = Map.of("Produce.TotalTimeMs.count", 300.0, "Produce.TotalTimeMs.mean", 6.0, "partitions", 12.0,
                "cpuNanos", 7.0, "epochMillis", 1_005.0);

        Map<String, Double> c = BrokerMetrics.combine(List.of(a, b));

        assertEquals(400.0, c.get("Produce.TotalTimeMs.count"));
        assertEquals(5.0, c.get("Produce.TotalTimeMs.mean"), 1e-9);
        assertEquals(22.0, c.get("partitions"));
        assertEquals(12.0, c.get("cpuNanos"));
        assertEquals(1_005.0, c.get("epochMillis"), "the latest reading's time");
    }

    @Test
    void thePolicyTalksToItsNodeOnAListenerWithoutCredentialsOrProxy() {
        assertEquals("127.0.0.1:9093", PartitionLimitPolicy.ownPlainListener(
                "CLIENT://127.0.0.1:9092,INTERNAL://127.0.0.1:9093,CONTROLLER://127.0.0.1:9094"));
        assertEquals("127.0.0.1:9092", PartitionLimitPolicy.ownPlainListener("PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9094"));
    }

    @Test
    void aPartitionLimitInstallsThePolicy() {
        var config = io.kbench.kafka.cluster.LocalClusterConfig.defaults().withPartitionLimit(4_500);
        Map<String, String> p = LocalKafkaCluster.withPartitionLimit(config);
        assertEquals(PartitionLimitPolicy.class.getName(), p.get("create.topic.policy.class.name"));
        assertEquals("4500", p.get(PartitionLimitPolicy.LIMIT));
        assertEquals(Map.of(), LocalKafkaCluster.withPartitionLimit(io.kbench.kafka.cluster.LocalClusterConfig.defaults()));
    }
}
