package io.kbench.features.zones;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Bytes per zone pair from the workers' counts and where the brokers and partitions are: the sums behind {@link Zones}.
 * Produce and fetch are the clients' per-broker counts, each broker standing for its zone. Replication, which no client
 * sees, is each partition's acknowledged payload, scaled to the bytes the producers put on the wire (framing included),
 * once from the leader's zone to each follower's.
 */
final class ZoneTraffic {

    private ZoneTraffic() {}

    /** Counts of one flow: bytes and bytes per second by (from, to). */
    private static final class Tally {
        private final Map<List<String>, double[]> pairs = new LinkedHashMap<>();

        void add(String from, String to, double bytes, double seconds) {
            double[] t = pairs.computeIfAbsent(Arrays.asList(from, to), k -> new double[2]);
            t[0] += bytes;
            t[1] += seconds > 0 ? bytes / seconds : 0;
        }

        double bytes() {
            return pairs.values().stream().mapToDouble(t -> t[0]).sum();
        }

        Zones.Flow flow() {
            List<Zones.Pair> out = new ArrayList<>();
            pairs.forEach((k, t) -> out.add(new Zones.Pair(k.get(0), k.get(1), Math.round(t[0]), t[1], t[1] * 3600 / 1e9)));
            out.sort(Comparator.comparingDouble(Zones.Pair::bytesPerSecond).reversed());
            double all = out.stream().mapToDouble(Zones.Pair::bytesPerSecond).sum();
            boolean unknown = out.stream().anyMatch(p -> p.from() == null || p.to() == null);
            if (out.isEmpty()) {
                return Zones.Flow.notMeasured("not measured: no bytes counted");
            }
            if (unknown) {
                return new Zones.Flow("zones unknown: " + unknownWhy(out), out, all, null, null, null, null, null);
            }
            double cross = out.stream().filter(Zones.Pair::crosses).mapToDouble(Zones.Pair::bytesPerSecond).sum();
            return new Zones.Flow("measured", out, all, all - cross, cross, all > 0 ? cross / all : null, (all - cross) * 3600 / 1e9,
                    cross * 3600 / 1e9);
        }

        private static String unknownWhy(List<Zones.Pair> pairs) {
            double unknown = pairs.stream().filter(p -> p.from() == null || p.to() == null).mapToDouble(Zones.Pair::bytesPerSecond).sum();
            double all = pairs.stream().mapToDouble(Zones.Pair::bytesPerSecond).sum();
            return String.format(Locale.ROOT, "%.0f %% of the bytes went to or from a broker without a rack",
                    all > 0 ? 100 * unknown / all : 100);
        }
    }

    /**
     * @param workers what each worker that knew its zone counted
     * @param placement the brokers' racks and the partitions' leaders and replicas
     */
    static Zones of(List<ZoneFindings> workers, Placement placement, int workersWithoutZone, Zones.BrokerCheck check) {
        Map<Integer, String> racks = placement.racks();
        Tally produce = new Tally();
        Tally fetch = new Tally();
        Tally replication = new Tally();
        double payload = 0;
        double seconds = 0;
        String notCounted = null;
        Map<String, String> workerZones = new TreeMap<>();
        for (ZoneFindings w : workers) {
            workerZones.put(w.worker(), w.zone());
            seconds = Math.max(seconds, w.seconds());
            if (w.notCounted() != null) {
                notCounted = w.notCounted();
                continue;
            }
            w.producedTo().forEach((broker, bytes) -> produce.add(w.zone(), racks.get(broker), bytes, w.seconds()));
            w.fetchedFrom().forEach((broker, bytes) -> fetch.add(racks.get(broker), w.zone(), bytes, w.seconds()));
            payload += w.ackedPayloadBytes().values().stream().flatMap(List::stream).mapToLong(Long::longValue).sum();
        }
        // Replication: each partition's acknowledged payload, scaled to the wire bytes the producers sent for it.
        double wirePerPayload = payload > 0 ? produce.bytes() / payload : 0;
        String replicationProblem = placement.problem();
        for (ZoneFindings w : workers) {
            if (replicationProblem != null || w.notCounted() != null) {
                break;
            }
            for (Map.Entry<String, List<Long>> topic : w.ackedPayloadBytes().entrySet()) {
                List<Integer> leaders = placement.leaders().get(topic.getKey());
                List<List<Integer>> replicas = placement.replicas().get(topic.getKey());
                if (leaders == null || replicas == null) {
                    replicationProblem = "not measured: the replicas of topic " + topic.getKey() + " are not known";
                    break;
                }
                for (int p = 0; p < topic.getValue().size() && p < leaders.size(); p++) {
                    double bytes = topic.getValue().get(p) * wirePerPayload;
                    int leader = leaders.get(p);
                    for (int replica : replicas.get(p)) {
                        if (replica != leader && bytes > 0) {
                            replication.add(racks.get(leader), racks.get(replica), bytes, w.seconds());
                        }
                    }
                }
            }
        }
        Map<String, String> brokerZones = new TreeMap<>();
        racks.forEach((id, rack) -> brokerZones.put(String.valueOf(id), rack));
        Zones.Flow replicated = replicationProblem != null ? Zones.Flow.notMeasured(replicationProblem.startsWith("not measured")
                ? replicationProblem : "not measured: " + replicationProblem) : replication.flow();
        if (notCounted != null) {
            Zones.Flow none = Zones.Flow.notMeasured("not measured: " + notCounted);
            return new Zones(workerZones, brokerZones, workersWithoutZone, seconds, none, none, none, check);
        }
        return new Zones(workerZones, brokerZones, workersWithoutZone, seconds, produce.flow(), replicated, fetch.flow(), check);
    }

    /**
     * The clients' counts beside the brokers' own, where both are known; null otherwise. The brokers' appends to Kafka's
     * internal topics (offset commits), which no producer sent, are taken out: once from what the leaders appended, and
     * once per follower of those topics ({@code internalFollowers}, on average) from what followers appended.
     */
    static Zones.BrokerCheck check(Zones zones, Map<String, Double> brokerDelta, double internalFollowers) {
        if (brokerDelta.isEmpty()) {
            return null;
        }
        double internal = brokerDelta.getOrDefault("internalBytesIn", 0.0);
        List<Zones.Check> rows = new ArrayList<>();
        add(rows, "produce", zones.produce(), brokerDelta.containsKey("bytesIn") ? brokerDelta.get("bytesIn") - internal : null);
        add(rows, "replication", zones.replication(), brokerDelta.containsKey("replicationBytesIn")
                ? brokerDelta.get("replicationBytesIn") - internal * internalFollowers : null);
        add(rows, "fetch", zones.fetch(), brokerDelta.get("bytesOut"));
        if (rows.isEmpty()) {
            return null;
        }
        boolean within = rows.stream().allMatch(r -> Math.abs(r.ratio() - 1) <= Zones.TOLERANCE);
        return new Zones.BrokerCheck(rows, Zones.TOLERANCE, within);
    }

    private static void add(List<Zones.Check> rows, String name, Zones.Flow flow, Double broker) {
        long measured = flow.pairs().stream().mapToLong(Zones.Pair::bytes).sum();
        if (broker != null && broker > 0 && !flow.pairs().isEmpty()) {
            rows.add(new Zones.Check(name, measured, Math.round(broker), measured / broker));
        }
    }

    /** Differences of two readings of the brokers' counters, for the names both have. */
    static Map<String, Double> delta(Map<String, Double> start, Map<String, Double> end) {
        Map<String, Double> out = new TreeMap<>();
        for (String name : List.of("bytesIn", "bytesOut", "replicationBytesIn", "internalBytesIn")) {
            if (start.containsKey(name) && end.containsKey(name)) {
                out.put(name, Objects.requireNonNull(end.get(name)) - start.get(name));
            }
        }
        return out;
    }
}
