package io.kbench.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Line of every key and list element of one parsed document, by path ({@code String} for field names,
 * {@code Integer} for list indexes). Lets errors point at a line even when the failing value was read
 * from a tree (which has no locations) or when the parser has moved on.
 */
final class LineIndex {

    private final Map<List<Object>, Integer> lines = new HashMap<>();

    void record(List<Object> path, int line) {
        if (line > 0) {
            lines.putIfAbsent(List.copyOf(path), line);
        }
    }

    /** Line of exactly this path, or null. */
    Integer lineOf(List<Object> path) {
        return lines.get(path);
    }

    /** Line of this path or its closest recorded ancestor, or null. */
    Integer nearest(List<Object> path) {
        for (int n = path.size(); n >= 0; n--) {
            Integer line = lines.get(path.subList(0, n));
            if (line != null) {
                return line;
            }
        }
        return null;
    }

    static List<Object> concat(List<Object> prefix, List<Object> suffix) {
        if (prefix.isEmpty()) {
            return suffix;
        }
        List<Object> all = new ArrayList<>(prefix.size() + suffix.size());
        all.addAll(prefix);
        all.addAll(suffix);
        return all;
    }

    /** {@code localCluster.brokers}, {@code producers[0].rate}; empty string for the root. */
    static String describe(List<Object> path) {
        StringBuilder sb = new StringBuilder();
        for (Object part : path) {
            if (part instanceof Integer index) {
                sb.append('[').append(index).append(']');
            } else {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(part);
            }
        }
        return sb.toString();
    }
}
