package io.kbench.coordinator;

import io.kbench.worker.Worker;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

import io.kbench.features.RunFailedException;
/**
 * Waits until every subscription's consumers together hold all of the topic's partitions. Only
 * then is it safe to start producing: a consumer that joins late would miss messages or count a
 * rebalance as latency.
 */
final class ConsumerReadiness {

    private static final long POLL_NANOS = 100_000_000;
    private static final long REPORT_NANOS = 5_000_000_000L;

    private ConsumerReadiness() {}

    /** @return how long it took, in milliseconds */
    static long await(Worker workers, Map<String, Integer> expected, Duration timeout, Waiter waiter, Consumer<String> console) {
        long start = waiter.clock().nanoTime();
        long deadline = start + timeout.toNanos();
        long nextReport = start + REPORT_NANOS;
        int totalPartitions = expected.values().stream().mapToInt(Integer::intValue).sum();
        while (true) {
            Map<String, Integer> assigned = workers.assignedPartitions();
            int ready = 0;
            int held = 0;
            String lagging = null;
            for (Map.Entry<String, Integer> e : expected.entrySet()) {
                int have = Math.min(assigned.getOrDefault(e.getKey(), 0), e.getValue());
                held += have;
                if (have == e.getValue()) {
                    ready++;
                } else if (lagging == null) {
                    lagging = e.getKey() + " holds " + have + " of " + e.getValue() + " partitions";
                }
            }
            long now = waiter.clock().nanoTime();
            if (ready == expected.size()) {
                return (now - start) / 1_000_000;
            }
            if (now >= deadline) {
                throw new RunFailedException("consumers did not get every partition assigned within "
                        + timeout.toSeconds() + " s (" + lagging + "). Check that the cluster's group coordinator is "
                        + "healthy, or raise --readiness-timeout.");
            }
            if (now >= nextReport) {
                console.accept(String.format(Locale.ROOT, "  waiting for partition assignment: %d of %d consumer groups complete "
                        + "(%d of %d partitions)", ready, expected.size(), held, totalPartitions));
                nextReport = now + REPORT_NANOS;
            }
            waiter.until(now + POLL_NANOS);
        }
    }
}
