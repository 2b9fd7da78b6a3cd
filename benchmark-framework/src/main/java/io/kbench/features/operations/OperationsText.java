package io.kbench.features.operations;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.page.Fmt;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The operations' lines in the summary printed when a run ends: one per operation, the partitions' health, what was put back. */
final class OperationsText {

    /** The operations whose changes stay in the cluster: no "Put back" line speaks of them. */
    private static final java.util.Set<String> STAYS = java.util.Set.of("add-partitions", "add-broker", "remove-broker");

    private OperationsText() {}

    /**
     * @param integrity the run's {@code integrity} section as JSON (another feature's: read by its key, not its type),
     *     or null when the run has none
     */
    static List<String> summary(Operations ops, JsonNode integrity) {
        List<String> lines = new ArrayList<>();
        String overTheRun = integrity(integrity);
        for (OperationEntry e : ops.entries()) {
            String l = line(e);
            boolean ran = e.status() != OperationStatus.REFUSED && e.status() != OperationStatus.FAILED
                    && e.status() != OperationStatus.NOT_RUN;
            lines.add(ran && !overTheRun.isEmpty() ? l + "; " + overTheRun : l);
        }
        if (!ops.health().isEmpty() || ops.failedHealthPolls() > 0) {
            lines.add(String.format(Locale.ROOT, "Partitions during the run (polled through the admin interface): at most %d "
                    + "under-replicated, %d offline%s", ops.maxUnderReplicated(), ops.maxOffline(), ops.failedHealthPolls() == 0 ? ""
                    : String.format(Locale.ROOT, "; %d poll(s) unanswered", ops.failedHealthPolls())));
        }
        for (String p : ops.putBack()) {
            lines.add("Put back: " + p);
        }
        return lines;
    }

    /** "Operation rolling-restart of 3 broker(s): done in 94.0 s; publish p99 4.10 → 212 ms, ...". */
    static String line(OperationEntry e) {
        StringBuilder b = new StringBuilder("Operation ").append(e.type());
        if (e.target() != null && !e.target().isEmpty()) {
            b.append(" of ").append(e.target());
        }
        b.append(": ").append(e.status().label());
        if (e.durationMillis() != null && e.status() != OperationStatus.REFUSED) {
            b.append(String.format(Locale.ROOT, " in %.1f s", e.durationMillis() / 1e3));
        }
        if (e.status() == OperationStatus.REFUSED || e.status() == OperationStatus.FAILED || e.status() == OperationStatus.NOT_RUN) {
            return b.append(" (").append(e.outcome()).append(')').toString();
        }
        if (e.partitionsMoved() != null) {
            b.append(String.format(Locale.ROOT, ", %d partition(s) moved", e.partitionsMoved()));
            if (e.bytesMoved() != null) {
                b.append(", ").append(Fmt.grouped(e.bytesMoved() / 1_048_576.0, 1)).append(" MB copied");
            }
            if (e.throttleMBPerSecond() != null) {
                b.append(" at most ").append(Fmt.grouped(e.throttleMBPerSecond(), 1)).append(" MB/s");
            }
        }
        if (e.type().equals("add-partitions")) {
            b.append("; ").append(pickup(e));
        }
        WindowFigures before = e.before();
        WindowFigures during = e.during();
        if (during != null && during.periods() > 0) {
            List<String> impact = new ArrayList<>();
            if (before != null && before.periods() > 0) {
                add(impact, OperationEntries.p99Change("publish", before.publishP99Micros(), during.publishP99Micros()));
                add(impact, OperationEntries.p99Change("end-to-end", before.endToEndP99Micros(), during.endToEndP99Micros()));
                impact.add(String.format(Locale.ROOT, "%s → %s msg/s", Fmt.grouped(before.achievedRate(), 0),
                        Fmt.grouped(during.achievedRate(), 0)));
                if (before.rebalances() != null && during.rebalances() != null) {
                    impact.add(String.format(Locale.ROOT, "consumer rebalances %d → %d", before.rebalances(), during.rebalances()));
                }
            } else {
                impact.add("no period before it to compare with");
            }
            impact.add(String.format(Locale.ROOT, "%,d send error(s) during it", during.sendErrors()));
            b.append("; ").append(String.join(", ", impact));
        }
        if (STAYS.contains(e.type())) { // what the run's end cannot undo is said where the operation is
            b.append("; ").append(e.putBack());
        }
        return b.toString();
    }

    /**
     * What the run's integrity check says, for each operation's line: "0 lost, 0 duplicated over the run" when it was
     * checked and clean; the counts when not, which the check cannot tie to one operation; empty when losses were not
     * checked (the run's own integrity line says why).
     */
    static String integrity(JsonNode i) {
        if (i == null || i.hasNonNull("notChecked") || !i.hasNonNull("lostMessages")) {
            return "";
        }
        long lost = i.path("lostMessages").asLong();
        long duplicated = i.path("duplicateMessages").asLong();
        long outOfOrder = i.path("outOfOrderMessages").asLong();
        if (lost == 0 && duplicated == 0 && outOfOrder == 0) {
            return "0 lost, 0 duplicated over the run";
        }
        List<String> counts = new ArrayList<>();
        if (lost > 0) {
            counts.add(String.format(Locale.ROOT, "%,d lost", lost));
        }
        if (duplicated > 0) {
            counts.add(String.format(Locale.ROOT, "%,d duplicated", duplicated));
        }
        if (outOfOrder > 0) {
            counts.add(String.format(Locale.ROOT, "%,d out of order", outOfOrder));
        }
        return String.join(", ", counts) + " over the run, not attributed to one operation";
    }

    /** "new partitions written to after 1.2 s, consumed by every group after 6.3 s"; the steps say why one is not known. */
    static String pickup(OperationEntry e) {
        String written = e.newPartitionsWrittenAfterMillis() == null ? "new partitions: first writes not seen"
                : String.format(Locale.ROOT, "new partitions written to after %.1f s", e.newPartitionsWrittenAfterMillis() / 1e3);
        String consumed = e.newPartitionsConsumedAfterMillis() == null ? "consumption by every group not seen"
                : String.format(Locale.ROOT, "consumed by every group after %.1f s", e.newPartitionsConsumedAfterMillis() / 1e3);
        return written + ", " + consumed;
    }

    private static void add(List<String> list, String s) {
        if (!s.isEmpty()) {
            list.add(s);
        }
    }
}
