package io.kbench.worker;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.kbench.features.Feature;
import io.kbench.features.Features;
import io.kbench.provenance.ClientMachine;
import io.kbench.stats.ClientMetricTotal;
import io.kbench.warning.WarningSummary;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a worker reports once the load is over, besides its stats: its clients' own metrics and
 * warnings, and what each feature found ({@link io.kbench.features.WorkerPart#findings}). Taken after
 * the drain and before the clients close.
 *
 * @param workerId the worker
 * @param clientMetrics the clients' metrics, combined over this worker's clients
 * @param clientWarnings the warnings its clients logged during the run, by kind
 * @param features each feature's findings, by the feature's name, of its {@link Feature#findingsType()}
 * @param machine the worker's machine, and how busy its host was during the measurement (provenance), or null
 */
public record WorkerFindings(String workerId, List<ClientMetricTotal> clientMetrics, List<WarningSummary> clientWarnings,
                             @JsonDeserialize(using = FeatureFindings.class) Map<String, Object> features, ClientMachine machine) {

    public WorkerFindings {
        features = features == null ? Map.of() : Map.copyOf(features);
    }

    /** The findings of one feature from each of these workers that has some. */
    public static <T> List<T> of(List<WorkerFindings> findings, String feature, Class<T> type) {
        List<T> out = new ArrayList<>();
        for (WorkerFindings f : findings) {
            Object found = f.features().get(feature);
            if (found != null) {
                out.add(type.cast(found));
            }
        }
        return out;
    }

    /** Reads each feature's findings as the type its feature declares; a feature this process lacks is refused. */
    static final class FeatureFindings extends JsonDeserializer<Map<String, Object>> {
        @Override
        public Map<String, Object> deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
            JsonNode tree = ctx.readTree(p);
            Map<String, Object> out = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                Feature f = Features.named(e.getKey());
                if (f == null) {
                    throw new IOException("the worker reported findings of feature '" + e.getKey() + "', which this coordinator "
                            + "does not have: run the same kbench version on both");
                }
                out.put(e.getKey(), ctx.readTreeAsValue(e.getValue(), f.findingsType()));
            }
            return out;
        }
    }
}
