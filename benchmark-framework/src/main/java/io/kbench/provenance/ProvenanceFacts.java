package io.kbench.provenance;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A run's provenance as flat {@code name → value} text, for the tables that show what differs between runs (the
 * report's, the history's, the gate's). Measurements (how busy a host was) are left out, and so are the facts that
 * change with every cluster a run starts without changing what it is: ids, addresses, ports, data directories.
 *
 * <p>Names: {@code version.<name>} (the result's versions: kbench, client, java, os, service), {@code cluster.brokers},
 * {@code cluster.versions}, {@code cluster.racks}, {@code cluster.feature.<name>}, {@code broker.<config>} (when the
 * brokers agree; else {@code broker <ids>.<config>}), {@code topic.<config>}, {@code producer.<setting>},
 * {@code consumer.<setting>}, {@code client.<fact>} (machines: hosts, workers, cpus, cpu model, memory, os, jvm,
 * kbench, commit), {@code hash.workload}, {@code hash.driver}.
 */
public final class ProvenanceFacts {

    /** Configs that name where a cluster runs, not how: they change with every cluster a run starts. */
    static final Set<String> PLACEMENT = Set.of("listeners", "advertised.listeners", "controller.quorum.voters",
            "controller.quorum.bootstrap.servers", "log.dirs", "log.dir", "metadata.log.dir", "node.id", "broker.id",
            "bootstrap.servers", "ssl.truststore.location", "ssl.keystore.location");

    private ProvenanceFacts() {}

    /**
     * @param p the run's provenance, or null for a result without one
     * @param versions the result's versions (name to version), or null
     */
    public static Map<String, String> of(Provenance p, Map<String, String> versions) {
        Map<String, String> out = new TreeMap<>();
        if (versions != null) {
            versions.forEach((k, v) -> out.put("version." + k, v));
        }
        if (p == null) {
            return out;
        }
        out.put("hash.workload", p.workloadHash());
        out.put("hash.driver", p.driverHash());
        ClusterFacts c = p.cluster();
        if (c != null) {
            out.put("cluster.brokers", Integer.toString(c.brokerCount()));
            out.put("cluster.versions", String.join(" / ", c.versions()));
            List<String> racks = c.brokers().stream().map(ClusterFacts.Broker::rack).filter(Objects::nonNull).distinct().sorted().toList();
            out.put("cluster.racks", racks.isEmpty() ? "none" : String.join(", ", racks));
            c.features().forEach((k, v) -> out.put("cluster.feature." + k, v));
            boolean agree = c.brokerConfigs().size() == 1;
            for (ClusterFacts.BrokerConfigs g : c.brokerConfigs()) {
                String prefix = agree ? "broker." : "broker " + String.join(",", g.brokers()) + ".";
                put(out, prefix, g.performance());
                put(out, prefix, g.differsFromDefault());
            }
            Map<String, Set<String>> topic = new TreeMap<>();
            for (ClusterFacts.TopicConfigs g : c.topicConfigs()) {
                g.configs().forEach((k, v) -> topic.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(String.valueOf(v)));
            }
            topic.forEach((k, v) -> out.put("topic." + k, String.join(" / ", v)));
            c.clientConfigs().forEach((kind, settings) -> put(out, kind + ".", settings));
        }
        if (!p.clients().isEmpty()) {
            out.put("client.hosts", Integer.toString((int) p.clients().stream().map(ClientMachine::hostId).distinct().count()));
            out.put("client.workers", Integer.toString(p.clients().size()));
            out.put("client.cpus", distinct(p.clients(), m -> Integer.toString(m.cpus())));
            out.put("client.cpu model", distinct(p.clients(), ClientMachine::cpuModel));
            out.put("client.memory", distinct(p.clients(), m -> MachineProbe.gib(m.memoryBytes())));
            out.put("client.os", distinct(p.clients(), ClientMachine::os));
            out.put("client.jvm", distinct(p.clients(), ClientMachine::jvm));
            out.put("client.kbench", distinct(p.clients(), ClientMachine::kbenchVersion));
            out.put("client.commit", distinct(p.clients(), ClientMachine::kbenchCommit));
        }
        return out;
    }

    private static void put(Map<String, String> out, String prefix, Map<String, String> configs) {
        configs.forEach((k, v) -> {
            if (!PLACEMENT.contains(k)) {
                out.put(prefix + k, String.valueOf(v));
            }
        });
    }

    private static String distinct(List<ClientMachine> machines, Function<ClientMachine, String> fact) {
        List<String> values = new ArrayList<>(new LinkedHashSet<>(machines.stream().map(fact).map(v -> v == null ? "not available" : v)
                .toList()));
        return String.join(" / ", values);
    }

    /** The names whose values differ between {@code a} and {@code b} (a name one lacks counts), sorted. */
    public static List<String> differing(Map<String, String> a, Map<String, String> b) {
        Set<String> names = new TreeSet<>(a.keySet());
        names.addAll(b.keySet());
        return names.stream().filter(n -> !Objects.equals(a.get(n), b.get(n))).toList();
    }
}
