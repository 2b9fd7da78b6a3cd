package io.kbench.testkit;

import io.kbench.driver.SendCompletion;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/** The completions of a numbered series of sends: how often each ran, with what partition and what error. */
final class Completions {

    /** The partition of a send whose completion has not run. */
    static final int NOT_COMPLETED = Integer.MIN_VALUE;

    private final AtomicIntegerArray calls;
    private final AtomicIntegerArray partitions;
    private final AtomicReferenceArray<Throwable> errors;

    Completions(int messages) {
        calls = new AtomicIntegerArray(messages);
        partitions = new AtomicIntegerArray(messages);
        for (int i = 0; i < messages; i++) {
            partitions.set(i, NOT_COMPLETED);
        }
        errors = new AtomicReferenceArray<>(messages);
    }

    int size() {
        return calls.length();
    }

    /** The completion to hand to the driver with message {@code index}. */
    SendCompletion of(int index) {
        return (partition, error) -> {
            if (error != null) {
                errors.compareAndSet(index, null, error);
            }
            partitions.compareAndSet(index, NOT_COMPLETED, partition);
            calls.incrementAndGet(index);
        };
    }

    /** The partition message {@code index}'s completion named (the first time it ran), or {@link #NOT_COMPLETED}. */
    int partitionOf(int index) {
        return partitions.get(index);
    }

    int callsOf(int index) {
        return calls.get(index);
    }

    Throwable errorOf(int index) {
        return errors.get(index);
    }

    /** Messages whose completion has not run yet. */
    List<Integer> pending() {
        return indexes(0, 0);
    }

    /** Messages whose completion ran more than once. */
    List<Integer> repeated() {
        return indexes(2, Integer.MAX_VALUE);
    }

    /** Messages completed with an error. */
    List<Integer> failed() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < errors.length(); i++) {
            if (errors.get(i) != null) {
                out.add(i);
            }
        }
        return out;
    }

    boolean allCompleted() {
        return pending().isEmpty();
    }

    /** Fails naming the promise when some send has not completed within the limit. */
    void awaitAll(Duration limit, String promise) {
        Bounded.until(limit, this::allCompleted, () -> Promises.broken("BenchmarkProducer.sendAsync", promise,
                pending().size() + " of " + size() + " sends had not completed after " + Bounded.seconds(limit)
                        + " (first: message " + pending().get(0) + ")"));
    }

    /** Fails naming the promise when some send completed more than once. */
    void checkNoneRepeated() {
        List<Integer> twice = repeated();
        Promises.check(twice.isEmpty(), "SendCompletion", "the driver invokes each send's completion exactly once",
                () -> twice.size() + " of " + size() + " sends completed more than once: message " + twice.get(0)
                        + " completed " + callsOf(twice.get(0)) + " times");
    }

    private List<Integer> indexes(int min, int max) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < calls.length(); i++) {
            int n = calls.get(i);
            if (n >= min && n <= max) {
                out.add(i);
            }
        }
        return out;
    }
}
