package io.kbench.stats;

import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClientMetric.Aggregation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One client metric combined over several clients (on one worker, or on all), kept in a form
 * that combines again exactly: the sum and the count for means, the largest value for maxima.
 *
 * @param name group and metric, e.g. {@code producer-metrics:batch-size-avg}
 * @param aggregation how the clients' values combine
 * @param sum the clients' values added up
 * @param clients how many clients reported it
 * @param max the largest value reported
 */
public record ClientMetricTotal(String name, Aggregation aggregation, double sum, long clients, double max) {

    /** The combined figure: the sum, the mean over clients, or the largest, as the metric means. */
    public double value() {
        return switch (aggregation) {
            case SUM -> sum;
            case AVG -> clients == 0 ? 0 : sum / clients;
            case MAX -> max;
        };
    }

    ClientMetricTotal plus(ClientMetricTotal o) {
        return new ClientMetricTotal(name, aggregation, sum + o.sum, clients + o.clients, Math.max(max, o.max));
    }

    /** Combines one worker's client metrics, name by name. */
    public static List<ClientMetricTotal> of(List<ClientMetric> metrics) {
        List<ClientMetricTotal> totals = new ArrayList<>();
        for (ClientMetric m : metrics) {
            totals.add(new ClientMetricTotal(m.name(), m.aggregation(), m.value(), 1, m.value()));
        }
        return merge(List.of(totals));
    }

    /** Combines several workers' totals, name by name, sorted by name. */
    public static List<ClientMetricTotal> merge(List<List<ClientMetricTotal>> lists) {
        Map<String, ClientMetricTotal> byName = new LinkedHashMap<>();
        for (List<ClientMetricTotal> list : lists) {
            for (ClientMetricTotal t : list) {
                byName.merge(t.name(), t, ClientMetricTotal::plus);
            }
        }
        List<ClientMetricTotal> out = new ArrayList<>(byName.values());
        out.sort(Comparator.comparing(ClientMetricTotal::name));
        return out;
    }
}
