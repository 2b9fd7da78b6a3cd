package io.kbench.report;

import io.kbench.provenance.ClientMachine;
import io.kbench.provenance.ClusterFacts;
import io.kbench.provenance.MachineProbe;
import io.kbench.provenance.Provenance;
import io.kbench.provenance.ProvenanceFacts;
import io.kbench.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import io.kbench.page.Section;
import io.kbench.page.TableSpec;

/** The report's provenance: one run's (what its cluster and clients were), and what differs between runs. */
final class ProvenanceTables {

    private ProvenanceTables() {}

    /** A run's provenance as a folded section, or null for a result without one (written before it existed, or OMB's). */
    static Section of(RunResult r) {
        Provenance p = r == null ? null : r.section(Provenance.class);
        if (p == null) {
            return null;
        }
        Section s = new Section("Provenance: what this run was measured on").folded();
        s.text("Workload hash " + p.workloadHash() + ", driver file hash " + p.driverHash()
                + " (runs of the same test share the workload hash).");
        ClusterFacts c = p.cluster();
        if (c != null) {
            TableSpec cluster = new TableSpec("Cluster", List.of("broker", "address", "rack", "version"));
            c.brokers().forEach(b -> cluster.row(List.of(b.id(), b.address(), text(b.rack()), text(b.version()))));
            s.table(cluster.note("Cluster id " + text(c.clusterId()) + ", controller " + text(c.controller()) + ", " + c.brokerCount()
                    + " broker(s). Kafka names no broker version: it is told from the newest metadata.version the broker supports."));
            for (ClusterFacts.BrokerConfigs g : c.brokerConfigs()) {
                String who = c.brokerConfigs().size() == 1 ? "every broker" : "broker(s) " + String.join(", ", g.brokers());
                s.table(configs("Broker configs that shape performance (" + who + ", values in effect)", g.performance()));
                s.table(configs("Broker configs that differ from Kafka's defaults (" + who + ")", g.differsFromDefault()));
            }
            if (!c.features().isEmpty()) {
                s.table(configs("Cluster features (finalized levels)", c.features()));
            }
            for (ClusterFacts.TopicConfigs g : c.topicConfigs()) {
                s.table(configs("Topic configs set on " + count(g.topics().size(), "topic") + " (" + first(g.topics()) + ")", g.configs()));
            }
            c.clientConfigs().forEach((kind, settings) -> s.table(configs("What the " + kind + "s are given (secrets masked)", settings)));
        }
        s.table(machines(p.clients()));
        if (!p.notAvailable().isEmpty()) {
            TableSpec missing = new TableSpec("Not available", List.of("what", "why"));
            p.notAvailable().forEach((what, why) -> missing.row(List.of(what, why)));
            s.table(missing);
        }
        return s;
    }

    private static TableSpec machines(List<ClientMachine> clients) {
        TableSpec t = new TableSpec("Client machines", List.of("worker", "host", "CPUs (host / JVM)", "CPU model", "memory", "OS", "JVM",
                "kbench", "commit", "host CPU busy (% by all processes)", "steal (%)"));
        for (ClientMachine m : clients) {
            t.row(List.of(m.workerId(), m.host(), m.cpus() + " / " + m.jvmCpus(), text(m.cpuModel()), MachineProbe.gib(m.memoryBytes()),
                    m.os(), m.jvm(), m.kbenchVersion(), text(m.kbenchCommit()),
                    m.hostCpu() == null ? "not available" : String.format(Locale.ROOT, "%.0f", 100 * m.hostCpu().busyShare()),
                    m.hostCpu() == null ? "not available" : String.format(Locale.ROOT, "%.1f", 100 * m.hostCpu().stealShare())));
        }
        return t.note("Host CPU: from the start of the measurement to the end of the load, over all the host's CPUs, by every "
                + "process on it (other workers, a broker on the same machine, anything else).");
    }

    /**
     * What differs between the runs' provenance (versions, cluster shape, configs, client machines), or null when
     * nothing does or no run has provenance.
     */
    static TableSpec differences(List<ReportedRun> runs) {
        List<Map<String, String>> facts = new ArrayList<>();
        boolean any = false;
        for (ReportedRun r : runs) {
            RunResult k = r.run().kbench();
            Provenance p = k == null ? null : k.section(Provenance.class);
            any |= p != null;
            facts.add(ProvenanceFacts.of(p, k == null ? null : k.identity().versions())); // the settings have their own table
        }
        if (!any) {
            return null;
        }
        Set<String> differing = new TreeSet<>();
        for (int i = 1; i < facts.size(); i++) {
            differing.addAll(ProvenanceFacts.differing(facts.get(0), facts.get(i)));
        }
        List<String> header = new ArrayList<>();
        header.add("what the runs were measured on");
        runs.forEach(r -> header.add(r.label()));
        TableSpec t = new TableSpec("Provenance that differs", header);
        for (String name : differing) {
            List<Object> cells = new ArrayList<>();
            cells.add(name);
            facts.forEach(f -> cells.add(f.get(name)));
            t.row(cells);
        }
        return t.note(differing.isEmpty() ? "The runs' versions, clusters, configs and client machines are the same (addresses, "
                + "ports, ids and data directories aside)." : "Versions, cluster shape, broker, topic and client configs, client "
                + "machines; addresses, ports, ids and data directories are left out. — : the run does not say.");
    }

    private static TableSpec configs(String title, Map<String, String> configs) {
        TableSpec t = new TableSpec(title, List.of("config", "value"));
        configs.forEach((k, v) -> t.row(List.of(k, text(v))));
        return t.size() == 0 ? t.note("None.") : t;
    }

    private static String text(Object v) {
        return v == null ? "—" : v.toString();
    }

    private static String first(List<String> names) {
        return names.size() == 1 ? names.get(0) : names.get(0) + ", …";
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
