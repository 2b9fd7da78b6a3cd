package io.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClientMetric.Aggregation;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ClientMetricTotalTest {

    private static Map<String, Double> values(List<ClientMetricTotal> totals) {
        return totals.stream().collect(Collectors.toMap(ClientMetricTotal::name, ClientMetricTotal::value));
    }

    @Test
    void ratesAddUpAveragesAverageAndMaximaTakeTheLargestAcrossWorkers() {
        List<ClientMetricTotal> w1 = ClientMetricTotal.of(List.of(
                new ClientMetric("p:record-send-rate", 1_000, Aggregation.SUM),
                new ClientMetric("p:record-send-rate", 3_000, Aggregation.SUM),
                new ClientMetric("p:batch-size-avg", 100, Aggregation.AVG),
                new ClientMetric("p:batch-size-avg", 300, Aggregation.AVG),
                new ClientMetric("p:request-latency-max", 7, Aggregation.MAX)));
        List<ClientMetricTotal> w2 = ClientMetricTotal.of(List.of(
                new ClientMetric("p:record-send-rate", 2_000, Aggregation.SUM),
                new ClientMetric("p:batch-size-avg", 500, Aggregation.AVG),
                new ClientMetric("p:request-latency-max", 9, Aggregation.MAX)));
        Map<String, Double> merged = values(ClientMetricTotal.merge(List.of(w1, w2)));
        assertEquals(6_000, merged.get("p:record-send-rate"), 1e-9);
        assertEquals(300, merged.get("p:batch-size-avg"), 1e-9, "the mean over the three clients, not of the workers' means");
        assertEquals(9, merged.get("p:request-latency-max"), 1e-9);
    }
}
