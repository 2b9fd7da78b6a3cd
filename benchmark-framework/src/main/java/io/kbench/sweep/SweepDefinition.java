package io.kbench.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.config.ConfigException;
import io.kbench.config.ConfigSource;
import io.kbench.config.PlaceholderResolver;
import io.kbench.config.YamlBinder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A sweep file read and checked: its name, base workload, drivers (if it names any), repeat count
 * and parameters. Workload and driver files are resolved against the sweep file's directory.
 *
 * @param name the sweep's name (its output directory is named after it)
 * @param source the sweep file, for messages
 * @param workloadFile the base workload
 * @param driverFiles the drivers the file names, or empty to take them from the command line
 * @param repeat runs of each combination
 * @param parameters the varied parameters, in file order
 */
public record SweepDefinition(String name, ConfigSource source, Path workloadFile, List<Path> driverFiles, int repeat,
                              List<Parameter> parameters) {

    /** More combinations × repeats than this is surely a mistake (a list pasted into the wrong place). */
    static final int MAX_RUNS = 10_000;

    public SweepDefinition {
        driverFiles = List.copyOf(driverFiles);
        parameters = List.copyOf(parameters);
    }

    /**
     * Reads a sweep file strictly. Parameter names are read by their form; whether a driver takes
     * them is for {@link #checkParameters} once the drivers are known.
     *
     * @throws ConfigException for any problem, naming the file and line
     */
    public static SweepDefinition read(Path file) {
        ConfigSource source = ConfigSource.read(file);
        YamlBinder binder = new YamlBinder(new PlaceholderResolver());
        ObjectNode tree = binder.readTree(source);
        SweepFile sweep = binder.bind(source, tree, SweepFile.class);
        Path dir = source.baseDir() == null ? Path.of("") : source.baseDir();

        if (sweep.workload() == null || sweep.workload().isBlank()) {
            throw ConfigException.at(source, null, "workload",
                    "workload is required: the base workload file, relative to the sweep file (e.g. workload: ../record-size.yaml)");
        }
        int repeat = sweep.repeat() == null ? 1 : sweep.repeat();
        if (repeat < 1) {
            throw ConfigException.at(source, YamlBinder.lineOf(tree, "repeat"), "repeat", "repeat must be at least 1, got " + repeat);
        }
        List<Path> drivers = new ArrayList<>();
        if (sweep.drivers() != null) {
            for (String d : sweep.drivers()) {
                if (d == null || d.isBlank()) {
                    throw ConfigException.at(source, YamlBinder.lineOf(tree, "drivers"), "drivers", "drivers lists an empty file name");
                }
                drivers.add(resolve(dir, d));
            }
        }
        List<Parameter> parameters = new ArrayList<>();
        if (sweep.parameters() != null) {
            JsonNode node = tree.get("parameters");
            ObjectNode located = node instanceof ObjectNode o ? o : null;
            for (Map.Entry<String, List<JsonNode>> e : sweep.parameters().entrySet()) {
                Integer line = located == null ? null : YamlBinder.lineOf(located, e.getKey());
                try {
                    parameters.add(Parameter.of(e.getKey(), e.getValue(), line));
                } catch (IllegalArgumentException problem) {
                    throw ConfigException.at(source, line, "parameters." + e.getKey(), problem.getMessage());
                }
            }
        }
        String name = sweep.name() == null || sweep.name().isBlank() ? ConfigSource.baseName(file) : sweep.name();
        SweepDefinition definition = new SweepDefinition(name, source, resolve(dir, sweep.workload()), drivers, repeat, parameters);
        long runs = (long) definition.combinationCount(Math.max(1, drivers.size())) * repeat;
        if (runs > MAX_RUNS) {
            throw ConfigException.of(source, "the sweep has " + runs + " runs (combinations × repeat); at most " + MAX_RUNS
                    + " are accepted: vary fewer parameters or values");
        }
        return definition;
    }

    private static Path resolve(Path dir, String file) {
        Path p = Path.of(file);
        return p.isAbsolute() ? p : dir.resolve(p).normalize();
    }

    /**
     * Checks every parameter against what one driver takes. Run once per driver file, before anything runs.
     *
     * @throws ConfigException naming this sweep file, the parameter's line and field
     */
    public void checkParameters(ParameterForms forms) {
        for (Parameter p : parameters) {
            String problem = forms.problem(p);
            if (problem != null) {
                throw ConfigException.at(source, p.line(), "parameters." + p.name(), problem);
            }
        }
    }

    /** The same sweep with another repeat count (--repeat). */
    public SweepDefinition withRepeat(int newRepeat) {
        return new SweepDefinition(name, source, workloadFile, driverFiles, newRepeat, parameters);
    }

    long combinationCount(int drivers) {
        long n = drivers;
        for (Parameter p : parameters) {
            n *= p.values().size();
        }
        return n;
    }

    /**
     * Every combination, in order: drivers outermost, then the parameters in file order, the first
     * varying slowest (like nested loops written in file order).
     *
     * @param drivers the driver files to run on (the file's own, else the command line's)
     */
    public List<Combination> combinations(List<Path> drivers) {
        List<String> driverLabels = driverLabels(drivers);
        List<List<Setting>> points = new ArrayList<>();
        points.add(List.of());
        for (Parameter p : parameters) {
            List<List<Setting>> next = new ArrayList<>();
            for (List<Setting> prefix : points) {
                for (JsonNode v : p.values()) {
                    List<Setting> extended = new ArrayList<>(prefix);
                    extended.add(new Setting(p, v));
                    next.add(extended);
                }
            }
            points = next;
        }
        List<Combination> all = new ArrayList<>();
        Set<String> slugs = new HashSet<>();
        for (int d = 0; d < drivers.size(); d++) {
            for (List<Setting> settings : points) {
                String label = driverLabels == null ? null : driverLabels.get(d);
                String slug = uniqueSlug(slug(label, settings), all.size(), slugs);
                all.add(new Combination(all.size(), drivers.get(d), label, settings, slug));
            }
        }
        return all;
    }

    /** Column values telling the drivers apart (file names, or paths when names repeat); null with one driver. */
    static List<String> driverLabels(List<Path> drivers) {
        if (drivers.size() < 2) {
            return null;
        }
        List<String> names = drivers.stream().map(ConfigSource::baseName).toList();
        Map<String, Integer> counts = new HashMap<>();
        names.forEach(n -> counts.merge(n, 1, Integer::sum));
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < drivers.size(); i++) {
            labels.add(counts.get(names.get(i)) > 1 ? drivers.get(i).toString() : names.get(i));
        }
        return labels;
    }

    static String slug(String driverLabel, List<Setting> settings) {
        List<String> parts = new ArrayList<>();
        if (driverLabel != null) {
            parts.add("driver-" + safe(driverLabel));
        }
        for (Setting s : settings) {
            parts.add(safe(s.parameter().name()) + "-" + safe(s.valueText()));
        }
        return parts.isEmpty() ? "base" : String.join("_", parts);
    }

    private static String safe(String text) {
        String s = text.replaceAll("[^A-Za-z0-9.+-]+", "-");
        return s.isEmpty() ? "x" : s;
    }

    private static String uniqueSlug(String slug, int index, Set<String> taken) {
        String s = slug.length() > 150 ? slug.substring(0, 150) + "-" + index : slug;
        // Case-insensitive file systems: messageSize-a and messagesize-A would share a file.
        if (!taken.add(s.toLowerCase(Locale.ROOT))) {
            s = s + "-" + index;
            taken.add(s.toLowerCase(Locale.ROOT));
        }
        return s;
    }
}
