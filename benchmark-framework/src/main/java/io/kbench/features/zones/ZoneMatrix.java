package io.kbench.features.zones;

import io.kbench.page.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** One flow's bytes per second as a matrix: a row per zone the bytes left, a column per zone they reached. */
record ZoneMatrix(List<String> zones, Map<String, Map<String, Double>> bytesPerSecond) {

    /** How an unknown zone is shown. */
    static final String UNKNOWN = "unknown";

    static ZoneMatrix of(Zones.Flow flow) {
        TreeSet<String> zones = new TreeSet<>();
        Map<String, Map<String, Double>> cells = new TreeMap<>();
        for (Zones.Pair p : flow.pairs()) {
            String from = p.from() == null ? UNKNOWN : p.from();
            String to = p.to() == null ? UNKNOWN : p.to();
            zones.add(from);
            zones.add(to);
            cells.computeIfAbsent(from, z -> new TreeMap<>()).merge(to, p.bytesPerSecond(), Double::sum);
        }
        return new ZoneMatrix(List.copyOf(zones), cells);
    }

    /** The bytes per second from one zone to another; 0 for a pair no byte went between. */
    double cell(String from, String to) {
        return bytesPerSecond.getOrDefault(from, Map.of()).getOrDefault(to, 0.0);
    }

    TableSpec table(String title) {
        List<String> header = new ArrayList<>();
        header.add("from \\ to");
        header.addAll(zones);
        TableSpec t = new TableSpec(title, header);
        for (String from : zones) {
            List<String> row = new ArrayList<>();
            row.add(from);
            for (String to : zones) {
                row.add(String.format(Locale.ROOT, "%.3f", cell(from, to) / 1e6));
            }
            t.row(row);
        }
        return t;
    }
}
