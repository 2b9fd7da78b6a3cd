package io.kbench.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts failed sends by the client's error class, keeping the first message of each as an
 * example, so a run can say why sends failed without logging every failure. Keeps at most
 * {@value #MAX_DISTINCT} classes; the rest are counted under {@value #OTHER}.
 */
public final class ErrorTally {

    static final int MAX_DISTINCT = 20;
    static final String OTHER = "other errors";

    private record Entry(LongAdder count, String example) {}

    private final Map<String, Entry> byClass = new ConcurrentHashMap<>();

    public void record(Throwable error) {
        Throwable cause = mostSpecific(error);
        record(cause.getClass().getSimpleName(), cause.getMessage());
    }

    /** Counts one failure of a kind that has no exception, e.g. a send abandoned when the run stopped. */
    public void record(String errorClass, String example) {
        Entry entry = byClass.get(errorClass);
        if (entry == null) {
            String key = byClass.size() >= MAX_DISTINCT ? OTHER : errorClass;
            entry = byClass.computeIfAbsent(key, k -> new Entry(new LongAdder(), example == null ? "" : example));
        }
        entry.count().increment();
    }

    /** Every class with its count and example, most frequent first. */
    public List<ErrorCount> summary() {
        List<ErrorCount> out = new ArrayList<>(byClass.size());
        byClass.forEach((k, v) -> out.add(new ErrorCount(k, v.count().sum(), v.example())));
        out.sort(Comparator.comparingLong(ErrorCount::count).reversed().thenComparing(ErrorCount::errorClass));
        return out;
    }

    /**
     * The exception that says what went wrong: the error itself unless it only wraps another
     * (a bare wrapper without a message of its own, or an ExecutionException/CompletionException).
     */
    static Throwable mostSpecific(Throwable error) {
        Throwable t = error;
        while (t.getCause() != null && t.getCause() != t && isWrapper(t)) {
            t = t.getCause();
        }
        return t;
    }

    private static boolean isWrapper(Throwable t) {
        return t instanceof ExecutionException || t instanceof CompletionException
                || t.getMessage() == null || t.getMessage().isBlank() || t.getMessage().equals(String.valueOf(t.getCause()));
    }

    /** Adds counts of the same class together, keeping the first example seen. */
    public static List<ErrorCount> merge(List<List<ErrorCount>> lists) {
        Map<String, ErrorCount> merged = new LinkedHashMap<>();
        for (List<ErrorCount> list : lists) {
            for (ErrorCount e : list) {
                merged.merge(e.errorClass(), e, (a, b) -> new ErrorCount(a.errorClass(), a.count() + b.count(), a.example()));
            }
        }
        List<ErrorCount> out = new ArrayList<>(merged.values());
        out.sort(Comparator.comparingLong(ErrorCount::count).reversed().thenComparing(ErrorCount::errorClass));
        return out;
    }
}
