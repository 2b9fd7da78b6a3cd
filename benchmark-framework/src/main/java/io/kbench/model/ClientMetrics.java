package io.kbench.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.stats.ClientMetricTotal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The clients' own metrics (e.g. {@code producer-metrics:batch-size-avg}), each combined over every
 * client of every worker as the metric means (a sum, a mean or a maximum), in the driver's units.
 *
 * @param values metric name → value, sorted by name
 */
public record ClientMetrics(@JsonValue Map<String, Double> values) implements ResultSection {

    public static final ClientMetrics NONE = new ClientMetrics(Map.of());

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public ClientMetrics {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public static ClientMetrics of(List<ClientMetricTotal> totals) {
        Map<String, Double> values = new LinkedHashMap<>();
        totals.forEach(t -> values.put(t.name(), t.value()));
        return new ClientMetrics(values);
    }
}
