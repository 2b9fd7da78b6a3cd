package io.kbench.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.config.ConfigException;
import io.kbench.config.ConfigSource;
import io.kbench.config.PlaceholderResolver;
import io.kbench.config.YamlBinder;
import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.DriverException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeSet;

/**
 * Turns a driver file into a {@link LoadedDriver}: reads {@code name} and {@code driverClass},
 * finds the driver among those on the class path ({@link ServiceLoader}), binds the remaining
 * fields strictly to the driver's config record and lets the driver check them.
 */
public final class DriverLoader {

    private final PlaceholderResolver resolver;

    public DriverLoader(PlaceholderResolver resolver) {
        this.resolver = resolver;
    }

    public DriverLoader() {
        this(new PlaceholderResolver());
    }

    public LoadedDriver<?> load(DriverFile file) {
        ConfigSource source = source(file);
        YamlBinder binder = new YamlBinder(resolver);
        ObjectNode tree = binder.readTree(source);
        BenchmarkDriver<?> driver = find(tree, source);
        String name = text(tree.remove("name"));
        return bind(driver, name == null || name.isBlank() ? driver.getClass().getSimpleName() : name, binder, source, tree, file);
    }

    /**
     * The driver a driver file names, made but neither configured nor checked: for what it declares
     * about its files, such as {@link BenchmarkDriver#sweepTargets()}.
     *
     * @throws ConfigException when the file has no driverClass or no driver answers to it
     */
    public BenchmarkDriver<?> driverOf(DriverFile file) {
        ConfigSource source = source(file);
        return find(new YamlBinder(resolver).readTree(source), source);
    }

    private static ConfigSource source(DriverFile file) {
        return new ConfigSource(file.name(), file.text(), file.baseDir() == null ? null : Path.of(file.baseDir()));
    }

    /** The driver named by the tree's driverClass, which is removed from the tree. */
    private static BenchmarkDriver<?> find(ObjectNode tree, ConfigSource source) {
        String driverClass = text(tree.remove("driverClass"));
        if (driverClass == null || driverClass.isBlank()) {
            throw ConfigException.at(source, null, "driverClass",
                    "driverClass is required: the driver to use. Available: " + available());
        }
        return find(driverClass, source);
    }

    private static <C> LoadedDriver<C> bind(BenchmarkDriver<C> driver, String name, YamlBinder binder, ConfigSource source,
                                           ObjectNode rest, DriverFile file) {
        C config = binder.bind(source, rest, driver.configType());
        try {
            driver.validate(config);
        } catch (DriverException e) {
            throw ConfigException.at(source, null, e.field(), e.getMessage());
        }
        return new LoadedDriver<>(name, driver, config, file);
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.asText();
    }

    private static BenchmarkDriver<?> find(String driverClass, ConfigSource source) {
        return named(driverClass).orElseThrow(() -> ConfigException.at(source, null, "driverClass",
                "no driver '" + driverClass + "' on the class path. Available: " + available()));
    }

    /** The driver on the class path that answers to this driverClass (its class name or an alias), made but not configured. */
    @SuppressWarnings("rawtypes")
    public static Optional<BenchmarkDriver<?>> named(String driverClass) {
        for (BenchmarkDriver candidate : ServiceLoader.load(BenchmarkDriver.class)) {
            if (candidate.getClass().getName().equals(driverClass) || candidate.driverClassAliases().contains(driverClass)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    @SuppressWarnings("rawtypes")
    static String available() {
        List<String> names = new ArrayList<>();
        for (BenchmarkDriver candidate : ServiceLoader.load(BenchmarkDriver.class)) {
            TreeSet<String> all = new TreeSet<>(candidate.driverClassAliases());
            names.add(candidate.getClass().getName() + (all.isEmpty() ? "" : " (also " + String.join(", ", all) + ")"));
        }
        return names.isEmpty() ? "none (is the driver module built?)" : String.join("; ", names);
    }
}
