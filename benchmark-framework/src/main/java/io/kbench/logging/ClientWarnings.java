package io.kbench.logging;

import io.kbench.time.BenchmarkClock;
import io.kbench.warning.WarningKind;
import io.kbench.warning.WarningSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The warnings that libraries (the Kafka clients above all) logged in this process, counted by kind
 * since the last {@link #reset()}: the console shows the first of each kind, the end of a run the
 * counts. {@link #global()} is fed by every WARN and ERROR log event (see {@link SummaryAppender});
 * thread-safe.
 */
public final class ClientWarnings {

    /**
     * Most kinds kept; later kinds are counted under {@link #OTHER}, so a library that logs a new text
     * every time cannot grow this without bound or flood the console.
     */
    public static final int MAX_KINDS = 100;
    static final WarningKind OTHER = WarningKind.of("other warnings (see the log file)");

    private static final ClientWarnings GLOBAL = new ClientWarnings(BenchmarkClock.system());

    private final BenchmarkClock clock;
    private final Map<String, Tally> byKey = new LinkedHashMap<>(); // guarded by this; in order of first occurrence
    private final List<Consumer<WarningSummary>> firstOccurrenceListeners = new CopyOnWriteArrayList<>();

    public ClientWarnings(BenchmarkClock clock) {
        this.clock = clock;
    }

    /** The process-wide summary, fed by the logging of this process. */
    public static ClientWarnings global() {
        return GLOBAL;
    }

    /** Registration of a listener; {@link #close()} removes it. */
    public interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Calls {@code listener} with the first warning of each kind (after a {@link #reset()} a kind is new
     * again), on the thread that logged it, outside any lock. A listener that throws is ignored.
     */
    public Subscription onFirstOccurrence(Consumer<WarningSummary> listener) {
        firstOccurrenceListeners.add(listener);
        return () -> firstOccurrenceListeners.remove(listener);
    }

    /** Counts one warning. @param exampleRaw the raw text, secrets already masked */
    public void record(WarningKind kind, String exampleRaw) {
        long nowEpochMillis = clock.epochMicros() / 1_000;
        WarningSummary first = null;
        synchronized (this) {
            WarningKind counted = byKey.containsKey(kind.key()) || byKey.size() < MAX_KINDS - 1 ? kind : OTHER;
            Tally tally = byKey.get(counted.key());
            if (tally == null) {
                tally = new Tally(counted.sentence(), nowEpochMillis, exampleRaw);
                byKey.put(counted.key(), tally);
                first = tally.summary();
            } else {
                tally.count++;
                tally.lastEpochMillis = nowEpochMillis;
            }
        }
        if (first != null) {
            for (Consumer<WarningSummary> listener : firstOccurrenceListeners) {
                try {
                    listener.accept(first);
                } catch (RuntimeException e) {
                    // A broken listener must not break the logging thread (a Kafka client's network thread).
                }
            }
        }
    }

    /** Every kind counted since the last reset, in order of first occurrence. */
    public synchronized List<WarningSummary> snapshot() {
        List<WarningSummary> all = new ArrayList<>(byKey.size());
        byKey.values().forEach(t -> all.add(t.summary()));
        return List.copyOf(all);
    }

    /** Forgets every count, e.g. at the start of a run. */
    public synchronized void reset() {
        byKey.clear();
    }

    private static final class Tally {
        final String kind;
        final long firstEpochMillis;
        final String exampleRaw;
        long count = 1;
        long lastEpochMillis;

        Tally(String kind, long firstEpochMillis, String exampleRaw) {
            this.kind = kind;
            this.firstEpochMillis = firstEpochMillis;
            this.lastEpochMillis = firstEpochMillis;
            this.exampleRaw = exampleRaw;
        }

        WarningSummary summary() {
            return new WarningSummary(kind, count, firstEpochMillis, lastEpochMillis, exampleRaw);
        }
    }
}
