package io.kbench.workload;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The labels of the kinds a workload names in lower case with hyphens ({@code CONSUMER_JOIN} is {@code consumer-join}). */
final class Labels {

    private Labels() {}

    static String of(Enum<?> kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The kind a label names, in any case and with spaces around; empty when it names none. */
    static <E extends Enum<E>> Optional<E> find(E[] kinds, String label) {
        String wanted = label == null ? "" : label.trim();
        return Arrays.stream(kinds).filter(k -> of(k).equalsIgnoreCase(wanted)).findFirst();
    }

    /** The kind a result names (strict: a result holds only labels kbench wrote); {@code what} names the kind in the error. */
    static <E extends Enum<E>> E require(E[] kinds, String label, String what) {
        return find(kinds, label).orElseThrow(() -> new IllegalArgumentException("unknown " + what + " '" + label + "'; allowed: "
                + String.join(", ", all(kinds))));
    }

    static <E extends Enum<E>> List<String> all(E[] kinds) {
        return Arrays.stream(kinds).map(Labels::of).toList();
    }
}
