package io.kbench.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The configuration keys whose values differ between runs (a key a run lacks counts as a difference).
 *
 * @param keys the differing keys, sorted
 * @param configs every run's flat configuration, in run order
 */
record ConfigDiff(List<String> keys, List<Map<String, String>> configs) {

    static ConfigDiff of(List<Map<String, String>> configs) {
        Set<String> all = new TreeSet<>();
        configs.forEach(c -> all.addAll(c.keySet()));
        List<String> differing = new ArrayList<>();
        for (String key : all) {
            Set<String> values = new LinkedHashSet<>();
            configs.forEach(c -> values.add(Objects.requireNonNullElse(c.get(key), "\u0000absent")));
            if (values.size() > 1) {
                differing.add(key);
            }
        }
        return new ConfigDiff(differing, configs);
    }

    String value(int run, String key) {
        return configs.get(run).get(key);
    }

    /** {@code messageSize=100, producer.acks=all}: what sets run {@code run} apart (at most 3 keys), or "" if nothing. */
    String distinguishing(int run) {
        List<String> parts = new ArrayList<>();
        for (String key : keys) {
            if (parts.size() == 3) {
                parts.add("…");
                break;
            }
            parts.add(key + "=" + Objects.requireNonNullElse(value(run, key), "—"));
        }
        return String.join(", ", parts);
    }
}
