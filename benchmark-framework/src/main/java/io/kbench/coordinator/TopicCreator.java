package io.kbench.coordinator;

import io.kbench.driver.TopicSpec;
import io.kbench.plan.TopicBatches;
import io.kbench.plan.TopicSetup;
import io.kbench.worker.Worker;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Creates the run's topics in calls of bounded size ({@link TopicBatches}) through a worker, says
 * how far it got every few seconds of a long creation and how long it took, and deletes them at the
 * end. Remembers every topic it asked for, even when a call fails part way, so the run can clean up
 * (deleting a topic that was never created is no error).
 */
final class TopicCreator {

    /** How often a long creation or deletion says how far it got. */
    static final long REPORT_NANOS = 5_000_000_000L;
    private static final long POLL_NANOS = 100_000_000L;
    /** Topics per deletion call. */
    static final int DELETE_BATCH = 1_000;

    private final Worker workers;
    private final Consumer<String> console;
    private final Waiter waiter;
    private final TopicBatches batches;
    private final List<TopicSpec> asked = new ArrayList<>();
    private TopicSetup setup;

    TopicCreator(Worker workers, Consumer<String> console, Waiter waiter, TopicBatches batches) {
        this.workers = workers;
        this.console = console;
        this.waiter = waiter;
        this.batches = batches;
    }

    /**
     * Creates the topics; each call returns once its partitions are served.
     *
     * @return how long it took
     */
    TopicSetup create(List<TopicSpec> topics) {
        List<List<TopicSpec>> calls = batches.split(topics);
        long total = TopicBatches.partitions(topics);
        long start = waiter.clock().nanoTime();
        int done = 0;
        long donePartitions = 0;
        try {
            for (List<TopicSpec> call : calls) {
                waiter.stop().check();
                asked.addAll(call);
                long before = donePartitions;
                int n = done;
                run(w -> w.createTopics(call), true, start, elapsed -> line("  creating %s: %d s so far; %,d of %,d topics and "
                        + "%,d of %,d partitions ready before it", TopicBatches.describe(call), elapsed, n, topics.size(), before, total));
                done += call.size();
                donePartitions += TopicBatches.partitions(call);
                if (calls.size() > 1) {
                    line("  created %,d of %,d topics, %,d of %,d partitions served, after %.1f s", done, topics.size(),
                            donePartitions, total, seconds(start));
                }
            }
        } finally {
            if (!asked.isEmpty()) {
                setup = new TopicSetup(done, donePartitions, calls.size(), millis(start), null);
            }
        }
        line("Created %,d topic(s) with %,d partitions in %.1f s (%d call(s)); every partition is served.", topics.size(),
                total, seconds(start), calls.size());
        return setup;
    }

    /**
     * Deletes what {@link #create} asked for, in calls of at most {@value #DELETE_BATCH} topics.
     *
     * @return the creation's figures with the deletion's time, or null when nothing was asked for
     * @throws RuntimeException the first call's failure, after every call was tried
     */
    TopicSetup delete() {
        List<String> names = created();
        long start = waiter.clock().nanoTime();
        RuntimeException failure = null;
        for (int from = 0; from < names.size(); from += DELETE_BATCH) {
            List<String> call = names.subList(from, Math.min(names.size(), from + DELETE_BATCH));
            try {
                int from0 = from;
                run(w -> w.deleteTopics(List.copyOf(call)), false, start, elapsed -> line("  deleting topics %,d to %,d of %,d: "
                        + "%d s so far", from0 + 1, from0 + call.size(), names.size(), elapsed));
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
        if (names.size() > DELETE_BATCH || millis(start) >= REPORT_NANOS / 1_000_000) {
            line("  deleted %,d topic(s) in %.1f s", names.size(), seconds(start));
        }
        setup = setup == null ? null : setup.deleted(millis(start));
        return setup;
    }

    /**
     * Runs one call on a thread of its own, printing {@code progress} (with the seconds since {@code since}) every
     * {@link #REPORT_NANOS} until it returns; the call's failure is rethrown as it was.
     *
     * @param stoppable a stop request ends the wait (creation); the cleanup's deletion waits regardless
     */
    private void run(Consumer<Worker> call, boolean stoppable, long since, LongConsumer progress) {
        CompletableFuture<Void> future = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                call.accept(workers);
                future.complete(null);
            } catch (Throwable e) {
                future.completeExceptionally(e);
            }
        }, "kbench-topic-call");
        t.setDaemon(true);
        t.start();
        long nextReport = waiter.clock().nanoTime() + REPORT_NANOS;
        while (!future.isDone()) {
            long now = waiter.clock().nanoTime();
            if (now >= nextReport) {
                progress.accept((now - since) / 1_000_000_000L);
                nextReport = now + REPORT_NANOS;
            }
            long until = Math.min(nextReport, now + POLL_NANOS);
            if (stoppable) {
                waiter.until(until);
            } else {
                park(until);
            }
        }
        try {
            future.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunStoppedException("interrupted");
        }
    }

    private void park(long untilNanos) {
        try {
            waiter.clock().parkUntil(untilNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunStoppedException("interrupted");
        }
    }

    private void line(String format, Object... args) {
        console.accept(String.format(Locale.ROOT, format, args));
    }

    private long millis(long startNanos) {
        return (waiter.clock().nanoTime() - startNanos) / 1_000_000;
    }

    private double seconds(long startNanos) {
        return (waiter.clock().nanoTime() - startNanos) / 1e9;
    }

    /** Every topic asked for, created or maybe created (a call that failed may have created some of its topics). */
    List<String> created() {
        return asked.stream().map(TopicSpec::name).toList();
    }

    /** What the creation took, or null before it began. */
    TopicSetup setup() {
        return setup;
    }
}
