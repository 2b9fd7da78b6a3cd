package io.kbench.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One point of a sweep: a driver file and a value for every parameter.
 *
 * @param index position in expansion order (0-based): table rows follow it
 * @param driverFile the driver file this combination runs on
 * @param driverLabel the driver's column value when the sweep has several drivers, else null
 * @param settings one setting per parameter, in file order
 * @param slug a file-name-safe, unique name for its result files
 */
public record Combination(int index, Path driverFile, String driverLabel, List<Setting> settings, String slug) {

    public Combination {
        settings = List.copyOf(settings);
    }

    /** {@code messageSize=50, producer.batch.size=8196}; "base" without parameters. */
    public String label() {
        List<String> parts = new ArrayList<>();
        if (driverLabel != null) {
            parts.add("driver=" + driverLabel);
        }
        settings.forEach(s -> parts.add(s.label()));
        return parts.isEmpty() ? "base" : String.join(", ", parts);
    }

    /** The result file name of repeat {@code k} (1-based). */
    public String runFileName(int k) {
        return slug + "-r" + k + ".json";
    }
}
