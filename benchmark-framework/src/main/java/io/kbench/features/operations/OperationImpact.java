package io.kbench.features.operations;

import io.kbench.model.Diagnosis;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the operations did to the run, for its diagnosis: an operation during which publish latency rose well above
 * what it was just before it (its p99 at least doubled, and by 20 ms or more), or during which partitions went offline,
 * is named as what limited the run: the cluster, while it was being operated.
 */
final class OperationImpact {

    static final double RISE_FACTOR = 2;
    static final long RISE_MIN_MICROS = 20_000;

    private OperationImpact() {}

    static Optional<Diagnosis> judge(Operations ops) {
        if (ops == null) {
            return Optional.empty();
        }
        List<String> reasons = new ArrayList<>();
        for (OperationEntry e : ops.entries()) {
            WindowFigures b = e.before();
            WindowFigures d = e.during();
            if (b == null || d == null || b.publishP99Micros() == null || d.publishP99Micros() == null) {
                continue;
            }
            long before = b.publishP99Micros();
            long during = d.publishP99Micros();
            if (during >= RISE_FACTOR * before && during - before >= RISE_MIN_MICROS) {
                reasons.add(String.format(Locale.ROOT, "operation %s (%s) raised publish p99 from %s to %s ms while it ran (%.1f s)",
                        e.type(), e.status().label(), OperationEntries.ms(before), OperationEntries.ms(during),
                        e.durationMillis() == null ? 0 : e.durationMillis() / 1e3));
            }
        }
        if (ops.maxOffline() > 0) {
            reasons.add(ops.maxOffline() + " partition(s) were offline (without a leader) at some poll during the run");
        }
        return reasons.isEmpty() ? Optional.empty() : Optional.of(Diagnosis.of(Diagnosis.Verdict.CLUSTER_BOUND, reasons,
                "the cluster, while it was being operated, raised the latency, not the clients: the operations section has "
                        + "each operation's before and during figures; a lower throttle, a pause between brokers or fewer "
                        + "partitions moved at once spread the cost"));
    }
}
