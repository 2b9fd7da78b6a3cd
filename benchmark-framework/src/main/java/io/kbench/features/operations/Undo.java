package io.kbench.features.operations;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.kbench.driver.ClusterOperations;
import io.kbench.driver.ConfigScope;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How to put back one change an operation made, as the run journal keeps it: written before the change is made, so
 * that {@code bin/benchmark recover} can put it back after the coordinator died.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Undo.RestoreConfigs.class, name = "configs"),
    @JsonSubTypes.Type(value = Undo.RestoreReplicas.class, name = "replicas")
})
public sealed interface Undo {

    /** Puts the change back; returns what was done, in one line. Throws a {@code DriverException} when the cluster refuses. */
    String apply(ClusterOperations cluster);

    /**
     * Configs as they were at one scope: a value to set again, or null for a config that was not set there (its value
     * set by the operation is removed, so the default applies again).
     */
    record RestoreConfigs(ConfigScope.Kind scope, String name, Map<String, String> values) implements Undo {
        public RestoreConfigs {
            values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
        }

        ConfigScope where() {
            return new ConfigScope(scope, name);
        }

        @Override
        public String apply(ClusterOperations cluster) {
            cluster.alterConfigs(where(), values);
            return "restored " + describe(values) + " of " + where().describe();
        }

        static String describe(Map<String, String> values) {
            StringBuilder b = new StringBuilder();
            values.forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k).append(v == null ? " (not set)" : "=" + v));
            return b.toString();
        }
    }

    /** Replica sets as they were: topic to partition to replicas. Moving them back is started, not waited for. */
    record RestoreReplicas(Map<String, Map<Integer, List<Integer>>> replicas) implements Undo {
        @Override
        public String apply(ClusterOperations cluster) {
            cluster.reassign(replicas);
            int n = replicas.values().stream().mapToInt(Map::size).sum();
            return String.format(Locale.ROOT, "started moving %d partition(s) back to their replicas before the run", n);
        }
    }
}
