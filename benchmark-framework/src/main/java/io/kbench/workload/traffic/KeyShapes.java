package io.kbench.workload.traffic;

import io.kbench.driver.NearestName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The key distributions a workload's {@code keys.distribution} may name, and the checks every one shares. */
public final class KeyShapes {

    /** Every key distribution, by name: add a new one here. */
    public static final List<KeyShape> ALL = List.of(new UniformKeys(), new ZipfKeys(), new HotSetKeys());

    private KeyShapes() {}

    public static Optional<KeyShape> byName(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    public static List<String> names() {
        return ALL.stream().map(KeyShape::name).toList();
    }

    /** Everything wrong with a {@code keys} section, each naming its field; empty when it is right. */
    public static List<Issue> issues(KeySpec spec) {
        List<Issue> issues = new ArrayList<>();
        if (spec.count() < 1 || spec.count() > KeySpec.MAX_COUNT) {
            issues.add(new Issue("count", "keys.count must be from 1 to " + KeySpec.MAX_COUNT + " (every worker holds every key), got "
                    + spec.count()));
        } else if (spec.sizeBytes() < KeyTable.minSizeBytes(spec.count()) || spec.sizeBytes() > KeyTable.MAX_SIZE_BYTES) {
            issues.add(new Issue("sizeBytes", "keys.sizeBytes must be from " + KeyTable.minSizeBytes(spec.count()) + " (the digits "
                    + spec.count() + " distinct keys need) to " + KeyTable.MAX_SIZE_BYTES + ", got " + spec.sizeBytes()));
        }
        if (spec.distribution() == null) {
            issues.add(new Issue("", "keys.distribution is missing: one of " + String.join(", ", names())));
            return issues;
        }
        Optional<KeyShape> shape = byName(spec.distribution());
        if (shape.isEmpty()) {
            String nearest = NearestName.find(spec.distribution(), names()).orElse(null);
            issues.add(new Issue("distribution", "keys.distribution '" + spec.distribution() + "' is unknown"
                    + (nearest == null ? "" : "; did you mean '" + nearest + "'?") + " Allowed: " + String.join(", ", names())));
            return issues;
        }
        for (String given : spec.givenParameters().keySet()) {
            if (!shape.get().parameters().contains(given)) {
                issues.add(new Issue(given, "keys." + given + " is not a parameter of " + spec.distribution() + " keys"
                        + (shape.get().parameters().isEmpty() ? " (it takes none)" : " (it takes " + String.join(", ",
                        shape.get().parameters().stream().sorted().toList()) + ")") + ": remove it"));
            }
        }
        issues.addAll(shape.get().issues(spec));
        return issues;
    }
}
