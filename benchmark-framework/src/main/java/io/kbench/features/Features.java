package io.kbench.features;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The registry: every {@link Feature} found by {@link ServiceLoader}, in the order of
 * {@code META-INF/services/io.kbench.features.Feature} (which is the order of their summary lines,
 * report parts and result sections). The one place the engine learns which features exist.
 */
public final class Features {

    private static final List<Feature> ALL = load();

    private Features() {}

    private static List<Feature> load() {
        List<Feature> found = new ArrayList<>();
        Map<String, Feature> byName = new LinkedHashMap<>();
        for (Feature f : ServiceLoader.load(Feature.class, Features.class.getClassLoader())) {
            Feature other = byName.putIfAbsent(f.name(), f);
            if (other != null) {
                throw new IllegalStateException("two features are named " + f.name() + ": " + other.getClass().getName()
                        + " and " + f.getClass().getName());
            }
            found.add(f);
        }
        return List.copyOf(found);
    }

    /** Every registered feature, in registration order. */
    public static List<Feature> all() {
        return ALL;
    }

    /** Every section type the features write, in registration order. */
    public static List<SectionType> sectionTypes() {
        return ALL.stream().flatMap(f -> f.sectionTypes().stream()).toList();
    }

    /** The feature of this name, or null. */
    public static Feature named(String name) {
        return ALL.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
    }
}
