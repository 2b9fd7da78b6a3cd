package io.kbench.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * A sweep file as written: a base workload, the parameters to vary with their values, and how
 * often to repeat each combination. Bound strictly, like workload files.
 *
 * @param name names the sweep's output directory; default: the file name
 * @param workload the base workload file, relative to the sweep file
 * @param drivers driver files, relative to the sweep file; default: --drivers, else the default driver
 * @param repeat runs of each combination (default 1); --repeat overrides it
 * @param parameters parameter name to its values, in file order; every combination runs
 */
public record SweepFile(
        String name,
        String workload,
        List<String> drivers,
        Integer repeat,
        LinkedHashMap<String, List<JsonNode>> parameters) {}
