package io.kbench.features;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Settings given to features for one run, at most one of each type, such as a search's from
 * {@code find-max}: the engine carries them without knowing them ({@link RunSetup#settings}).
 *
 * @param byType the settings, by their type
 */
public record FeatureSettings(Map<Class<?>, Object> byType) {

    public static final FeatureSettings NONE = new FeatureSettings(Map.of());

    public FeatureSettings {
        byType = Map.copyOf(byType);
    }

    /** The settings of this type, if given. */
    public <T> Optional<T> get(Class<T> type) {
        return Optional.ofNullable(type.cast(byType.get(type)));
    }

    /** These settings with {@code settings} added (replacing those of its type). */
    public FeatureSettings with(Object settings) {
        Map<Class<?>, Object> more = new LinkedHashMap<>(byType);
        more.put(settings.getClass(), settings);
        return new FeatureSettings(more);
    }
}
