package io.kbench.workload;

import io.kbench.config.ConfigSource;
import io.kbench.config.YamlBinder;

/** Builds a {@link Workload} from YAML text, for tests outside this package (no validation). */
public final class Workloads {

    private Workloads() {}

    public static Workload parse(String yaml) {
        return new YamlBinder().bind(ConfigSource.of("test-workload", yaml), Workload.class);
    }
}
