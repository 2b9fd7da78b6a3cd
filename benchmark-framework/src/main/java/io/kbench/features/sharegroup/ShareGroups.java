package io.kbench.features.sharegroup;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.model.ResultSection;
import io.kbench.model.Units;
import io.kbench.stats.Histograms;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The result's {@code shareGroups} section: each share group's figures over the measurement, merged
 * from every worker, with each worker's own. Absent for a run without share groups.
 */
public record ShareGroups(@JsonValue List<Group> groups) implements ResultSection {

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public ShareGroups {
        groups = List.copyOf(groups);
    }

    /**
     * One share group (see {@link ShareTally} for the counting rules).
     *
     * @param group the share group's name
     * @param topic the topic it reads
     * @param consumers its members at the end of the run, on all workers
     * @param consumersReceiving the members that got at least one record during the measurement
     * @param delivered deliveries, each counted when acknowledged: accepted + released + rejected
     * @param accepted deliveries accepted
     * @param released deliveries released (to be delivered again, or archived at the delivery limit)
     * @param rejected deliveries rejected (archived)
     * @param redeliveries deliveries with a delivery count above 1
     * @param archived records released on the last delivery the delivery count limit allows
     * @param lockExpiries acknowledgements refused because the record's acquisition lock had run out first
     * @param failedAcknowledgements acknowledgements refused for another reason
     * @param deliveriesByCount deliveries by delivery count: first deliveries, second deliveries (a release or an expired
     *     lock before), ...
     * @param consumedMessagesPerSecond records accepted per second, from the measurement's first delivery to the last acceptance
     * @param consumedMBPerSecond accepted payload in MB (1,048,576 bytes) per second, likewise
     * @param acknowledgementCommitLatency how long the system took to answer each commit of acknowledgements
     * @param endToEndLatencyFirstDelivery intended send to the record's first delivery
     * @param endToEndLatencyAccepted intended send to the record's acceptance (after processing, on any delivery)
     * @param workers the same per worker
     */
    public record Group(
            String group,
            String topic,
            int consumers,
            int consumersReceiving,
            long delivered,
            long accepted,
            long released,
            long rejected,
            long redeliveries,
            long archived,
            long lockExpiries,
            long failedAcknowledgements,
            List<Long> deliveriesByCount,
            double consumedMessagesPerSecond,
            double consumedMBPerSecond,
            LatencySummary acknowledgementCommitLatency,
            LatencySummary endToEndLatencyFirstDelivery,
            LatencySummary endToEndLatencyAccepted,
            List<WorkerShare> workers) {

        /** One line for the final report. */
        public String line() {
            return String.format(Locale.ROOT, "Share group %s (%d consumers, %d received records): %,d delivered, %,d accepted, %,d released, %,d rejected, "
                            + "%,d redeliveries, %,d archived, %,d lock expiries; %,.1f msg/s, %.3f MB/s accepted; e2e p99 first delivery "
                            + "%.1f ms, accepted %.1f ms; ack commit p50 %.1f ms, p99 %.1f ms",
                    group, consumers, consumersReceiving, delivered, accepted, released, rejected, redeliveries, archived, lockExpiries,
                    consumedMessagesPerSecond, consumedMBPerSecond, endToEndLatencyFirstDelivery.p99Micros() / 1e3,
                    endToEndLatencyAccepted.p99Micros() / 1e3, acknowledgementCommitLatency.p50Micros() / 1e3,
                    acknowledgementCommitLatency.p99Micros() / 1e3);
        }
    }

    /**
     * One share group on one worker.
     *
     * @param workerId the worker
     * @param consumers the group's members on it
     * @param consumedMessagesPerSecond records it accepted per second
     * @param endToEndLatencyAccepted intended send to acceptance, on this worker
     */
    public record WorkerShare(
            String workerId,
            int consumers,
            int consumersReceiving,
            long delivered,
            long accepted,
            long released,
            long rejected,
            long redeliveries,
            long archived,
            long lockExpiries,
            double consumedMessagesPerSecond,
            LatencySummary endToEndLatencyAccepted) {}

    /** Merges every worker's figures, group by group, in the order first seen; null when there are none. */
    public static ShareGroups of(List<ShareFigures> figures) {
        Map<String, List<ShareFigures>> byGroup = new LinkedHashMap<>();
        for (ShareFigures f : figures) {
            byGroup.computeIfAbsent(f.group(), g -> new ArrayList<>()).add(f);
        }
        if (byGroup.isEmpty()) {
            return null;
        }
        List<Group> groups = new ArrayList<>();
        byGroup.forEach((name, parts) -> groups.add(group(name, parts)));
        return new ShareGroups(groups);
    }

    private static Group group(String name, List<ShareFigures> parts) {
        Histogram commit = Histograms.newHistogram();
        Histogram first = Histograms.newHistogram();
        Histogram acceptedLatency = Histograms.newHistogram();
        int consumers = 0;
        int receiving = 0;
        List<Long> byCount = new ArrayList<>();
        long delivered = 0, accepted = 0, released = 0, rejected = 0, redeliveries = 0, archived = 0, expiries = 0, failed = 0, bytes = 0;
        long since = Long.MAX_VALUE;
        long last = 0;
        List<WorkerShare> workers = new ArrayList<>();
        for (ShareFigures f : parts) {
            commit.add(f.commitMicros());
            first.add(f.endToEndFirstDeliveryMicros());
            acceptedLatency.add(f.endToEndAcceptedMicros());
            consumers += f.consumers();
            receiving += f.consumersReceiving();
            for (int i = 0; i < f.deliveriesByCount().size(); i++) {
                if (i == byCount.size()) {
                    byCount.add(0L);
                }
                byCount.set(i, byCount.get(i) + f.deliveriesByCount().get(i));
            }
            delivered += f.delivered();
            accepted += f.accepted();
            released += f.released();
            rejected += f.rejected();
            redeliveries += f.redeliveries();
            archived += f.archived();
            expiries += f.lockExpiries();
            failed += f.failedAcknowledgements();
            bytes += f.acceptedBytes();
            since = Math.min(since, f.windowStartEpochMicros());
            last = Math.max(last, f.lastAcceptEpochMicros());
            workers.add(new WorkerShare(f.workerId(), f.consumers(), f.consumersReceiving(), f.delivered(), f.accepted(), f.released(), f.rejected(),
                    f.redeliveries(), f.archived(), f.lockExpiries(), f.acceptedPerSecond(), LatencySummary.of(f.endToEndAcceptedMicros())));
        }
        double seconds = (last - since) / 1e6;
        double rate = accepted == 0 || seconds <= 0 ? 0 : accepted / seconds;
        double mbps = accepted == 0 || seconds <= 0 ? 0 : bytes / seconds / Units.BYTES_PER_MB;
        return new Group(name, parts.get(0).topic(), consumers, receiving, delivered, accepted, released, rejected, redeliveries, archived,
                expiries, failed, byCount, rate, mbps, LatencySummary.of(commit), LatencySummary.of(first), LatencySummary.of(acceptedLatency), workers);
    }

    /** The final lines, one per group. */
    public List<String> lines() {
        return groups.stream().map(Group::line).toList();
    }
}
