package io.kbench.features.operations;

import io.kbench.workload.OperationSpec;
import java.util.Map;
import java.util.stream.Collectors;

/** Turns what the runner left of one operation into its result entry: its windows judged, what the run's end did. */
final class OperationEntries {

    private OperationEntries() {}

    /**
     * @param epochs the run's consumer groups' epochs, to count the rebalances in each window
     * @param measureEndElapsedMicros when the measurement ended on the periods' axis, or −1 if it did not: an operation
     *     cut short is judged up to then
     */
    static OperationEntry of(Ran r, ImpactWindows windows, GroupEpochs epochs, long measureEndElapsedMicros,
                             Map<String, String> putBackByKey) {
        OperationSpec op = r.spec();
        WindowFigures before = null;
        WindowFigures during = null;
        Long durationMillis = null;
        if (r.attempt() != null && r.doneElapsedMicros() != null) {
            long start = r.attempt().elapsedMicros();
            long end = r.doneElapsedMicros();
            if (measureEndElapsedMicros >= 0 && end > measureEndElapsedMicros && r.status() == OperationStatus.CUT_SHORT) {
                end = measureEndElapsedMicros;
            }
            durationMillis = (r.doneElapsedMicros() - start) / 1_000;
            // A window shorter than one period would count none: judge at least the period the operation started in.
            long length = Math.max(end - start, 1_000_000);
            during = windows.over(start, start + length).withRebalances(epochs.rise(start, start + length));
            before = windows.before(start, length).withRebalances(epochs.rise(start - length, start));
        }
        String putBack = r.putBackNote() != null ? r.putBackNote() : r.changeKeys().isEmpty() ? "nothing to put back"
                : r.changeKeys().stream().map(k -> putBackByKey.getOrDefault(k, "put back when it was done"))
                        .collect(Collectors.joining("; "));
        return new OperationEntry(op.type().written(), r.target(), op.after().toMillis(),
                r.attempt() == null ? null : r.attempt().afterMillis(), r.attempt() == null ? null : r.attempt().elapsedMicros(),
                r.attempt() == null ? null : r.attempt().at(), r.doneElapsedMicros(), durationMillis, r.status(), r.outcome(),
                r.steps(), r.partitionsMoved(), r.bytesMoved(), r.newPartitionsWrittenAfterMillis(),
                r.newPartitionsConsumedAfterMillis(), op.throttleMBPerSecond(), putBack, before, during);
    }

    /** "publish p99 4.1 → 212.0 ms", from two windows; empty when either has no figure. */
    static String p99Change(String name, Long before, Long during) {
        if (before == null || during == null) {
            return "";
        }
        return String.format(java.util.Locale.ROOT, "%s p99 %s → %s ms", name, ms(before), ms(during));
    }

    static String ms(long micros) {
        double m = micros / 1e3;
        return String.format(java.util.Locale.ROOT, m >= 100 ? "%.0f" : m >= 10 ? "%.1f" : "%.2f", m);
    }

}
