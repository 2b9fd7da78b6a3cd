package io.kbench.features.zones;

import io.kbench.model.ResultSection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The result's {@code zones} section: the bytes that went between each pair of zones, for produce (the producer's zone
 * to the partition leader's), replication (the leader's zone to each follower's) and fetch (the zone of the replica a
 * consumer read from to the consumer's), measured from the clients' per-broker byte counters over the measurement and
 * the drain after it. Present when a worker knew its zone.
 *
 * @param workerZones each worker's zone, by the worker's own id (an agent's --id); a worker without a zone is absent
 * @param brokerZones each broker's zone (Kafka: {@code broker.rack}), by broker id; a broker without one is absent
 * @param workersWithoutZone how many of the run's workers did not know their zone: their traffic is not counted here
 * @param seconds how long the counts cover (the longest of the workers'), in seconds
 * @param produce bytes from the producers' zones to the leaders'
 * @param replication bytes from the leaders' zones to the followers'
 * @param fetch bytes from the zones of the replicas read to the consumers'
 * @param brokerCheck the same flows as the brokers counted them, where the run started the cluster; null otherwise
 */
public record Zones(Map<String, String> workerZones, Map<String, String> brokerZones, int workersWithoutZone,
                    double seconds, Flow produce, Flow replication, Flow fetch, BrokerCheck brokerCheck) implements ResultSection {

    /**
     * How far the clients' counts may be from the brokers' own, as a share of the brokers': the clients count whole
     * requests and responses, the brokers record batches (measured on 3 local brokers: 0.90 to 1.11, the most for fetch
     * from the closest replica, whose followers answer in more, smaller responses).
     */
    public static final double TOLERANCE = 0.20;

    public Zones {
        workerZones = Map.copyOf(workerZones);
        brokerZones = Map.copyOf(brokerZones);
    }

    /**
     * One flow of bytes between zones.
     *
     * @param status {@code measured}, or {@code zones unknown: ...} / {@code not measured: ...} saying why; the figures
     *     below are then partly or wholly missing (null), never 0
     * @param pairs the bytes of each (from, to) pair of zones, largest first; a zone not known is null
     * @param bytesPerSecond all the flow's bytes per second
     * @param withinZoneBytesPerSecond the bytes per second that stayed within a zone; null when a zone is unknown
     * @param crossZoneBytesPerSecond the bytes per second that crossed zones; null when a zone is unknown
     * @param crossZoneShare crossZone / all, 0 to 1; null when a zone is unknown
     * @param withinZoneGbPerHour the same within a zone, in GB (10^9 bytes) per hour
     * @param crossZoneGbPerHour the same across zones, in GB per hour
     */
    public record Flow(String status, List<Pair> pairs, Double bytesPerSecond, Double withinZoneBytesPerSecond,
                       Double crossZoneBytesPerSecond, Double crossZoneShare, Double withinZoneGbPerHour, Double crossZoneGbPerHour) {

        public Flow {
            pairs = pairs == null ? List.of() : List.copyOf(pairs);
        }

        static Flow notMeasured(String why) {
            return new Flow(why, List.of(), null, null, null, null, null, null);
        }

        /** "48 % of 3.1 MB/s crossed zones (9.6 GB/h)", or the status. */
        public String line() {
            if (crossZoneShare == null) {
                return status + (bytesPerSecond == null ? "" : String.format(Locale.ROOT, " (%.2f MB/s in all)", bytesPerSecond / 1e6));
            }
            return String.format(Locale.ROOT, "%.0f %% of %.2f MB/s crossed zones (%.2f GB/h across, %.2f GB/h within)",
                    crossZoneShare * 100, bytesPerSecond / 1e6, crossZoneGbPerHour, withinZoneGbPerHour);
        }
    }

    /**
     * The bytes from one zone to another.
     *
     * @param from the zone the bytes left, or null when unknown
     * @param to the zone they reached, or null when unknown
     * @param bytes how many, over {@link #seconds()}
     * @param bytesPerSecond per second
     * @param gbPerHour in GB (10^9 bytes) per hour
     */
    public record Pair(String from, String to, long bytes, double bytesPerSecond, double gbPerHour) {

        /** Both zones known and different. */
        public boolean crosses() {
            return from != null && to != null && !from.equals(to);
        }
    }

    /**
     * The clients' counts beside the brokers' own (Kafka: {@code BrokerTopicMetrics} {@code BytesInPerSec},
     * {@code BytesOutPerSec}, {@code ReplicationBytesInPerSec}), over the same time.
     *
     * @param flows one row per flow
     * @param tolerance how far a ratio may be from 1 ({@link #TOLERANCE})
     * @param withinTolerance every row's ratio within it
     */
    public record BrokerCheck(List<Check> flows, double tolerance, boolean withinTolerance) {

        public BrokerCheck {
            flows = List.copyOf(flows);
        }
    }

    /**
     * @param flow {@code produce}, {@code replication} or {@code fetch}
     * @param measuredBytes what this section counted
     * @param brokerBytes what the brokers counted
     * @param ratio measured / broker
     */
    public record Check(String flow, long measuredBytes, long brokerBytes, double ratio) {}

    /** The same section with the brokers' own counts beside it. */
    public Zones withBrokerCheck(BrokerCheck check) {
        return new Zones(workerZones, brokerZones, workersWithoutZone, seconds, produce, replication, fetch, check);
    }

    /** The summary's lines: one headline across all flows, then one per flow. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        double all = 0;
        double cross = 0;
        boolean known = true;
        for (Flow f : List.of(produce, replication, fetch)) {
            if (f.crossZoneBytesPerSecond() == null) {
                known = false;
            } else {
                all += f.bytesPerSecond();
                cross += f.crossZoneBytesPerSecond();
            }
        }
        out.add(known && all > 0
                ? String.format(Locale.ROOT, "Cross-zone: %.0f %% of %.2f MB/s (%.2f GB/h across zones; produce %s, replication %s, fetch %s)",
                        100 * cross / all, all / 1e6, cross * 3600 / 1e9, share(produce), share(replication), share(fetch))
                : "Cross-zone: zones unknown for part of the traffic (produce " + share(produce) + ", replication " + share(replication)
                        + ", fetch " + share(fetch) + ")");
        if (workersWithoutZone > 0) {
            out.add("  not counted: the traffic of " + workersWithoutZone + " worker(s) without a zone");
        }
        if (brokerCheck != null && !brokerCheck.withinTolerance()) {
            out.add(String.format(Locale.ROOT, "  the clients' byte counts differ from the brokers' by more than %.0f %%: %s",
                    brokerCheck.tolerance() * 100, brokerCheck.flows().stream().map(c -> String.format(Locale.ROOT, "%s %.2f×", c.flow(),
                            c.ratio())).toList()));
        }
        return out;
    }

    private static String share(Flow f) {
        return f.crossZoneShare() == null ? (f.status().startsWith("not measured") ? "not measured" : "zones unknown")
                : String.format(Locale.ROOT, "%.0f %%", f.crossZoneShare() * 100);
    }
}
