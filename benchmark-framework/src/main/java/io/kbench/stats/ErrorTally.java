package io.kbench.stats;

import io.kbench.util.Errors;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts errors by message, so a run that fails sends can say why without logging every failure.
 * Keeps at most {@value #MAX_DISTINCT} distinct messages; the rest are counted under "other errors".
 */
public final class ErrorTally {

    static final int MAX_DISTINCT = 20;
    private static final String OTHER = "other errors";

    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    public void record(Throwable error) {
        String key = Errors.describe(error);
        LongAdder adder = counts.get(key);
        if (adder == null) {
            if (counts.size() >= MAX_DISTINCT) {
                key = OTHER;
            }
            adder = counts.computeIfAbsent(key, k -> new LongAdder());
        }
        adder.increment();
    }

    /** "SimpleName: message (×count)" lines, most frequent first. */
    public List<String> summary() {
        List<Map.Entry<String, Long>> entries = new ArrayList<>();
        counts.forEach((k, v) -> entries.add(Map.entry(k, v.sum())));
        entries.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        List<String> lines = new ArrayList<>(entries.size());
        for (Map.Entry<String, Long> e : entries) {
            lines.add(e.getKey() + " (x" + e.getValue() + ")");
        }
        return lines;
    }

    public void clear() {
        counts.clear();
    }
}
