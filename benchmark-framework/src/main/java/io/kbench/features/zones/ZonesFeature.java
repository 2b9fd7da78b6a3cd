package io.kbench.features.zones;

import io.kbench.driver.ClusterOperations;
import io.kbench.features.Feature;
import io.kbench.features.ReportParts;
import io.kbench.features.RunControl;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.model.ResultSection;
import io.kbench.page.TableSpec;
import io.kbench.plan.TopicLayout;
import io.kbench.driver.TopicSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bytes per zone pair, measured: on each worker that knows its zone, its clients' bytes to and from each broker; on the
 * coordinator, the brokers' racks and the partitions' replicas, read through the driver's admin interface while the
 * topics exist, and the brokers' own byte counters where the run started the cluster.
 */
public final class ZonesFeature implements Feature {

    private static final Logger log = LoggerFactory.getLogger(ZonesFeature.class);

    @Override
    public String name() {
        return "zones";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("zones", Zones.class));
    }

    @Override
    public Optional<WorkerPart> onWorker(WorkerSetupView run) {
        return run.zone().map(zone -> new ZonesOnWorker(run, zone));
    }

    @Override
    public Class<?> findingsType() {
        return ZoneFindings.class;
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup setup) {
        return Optional.of(new OnCoordinator(setup));
    }

    /** The coordinator's part: reads where things are while the topics exist, and joins it with the workers' counts. */
    private static final class OnCoordinator implements RunPart {
        private final RunSetup setup;
        private RunControl control;
        private Placement placement;
        private Map<String, Double> brokersAtStart = Map.of();

        OnCoordinator(RunSetup setup) {
            this.setup = setup;
        }

        /** A zone some worker is known to be in before the load starts. */
        private boolean zonesKnown() {
            return setup.workerZones().stream().anyMatch(Objects::nonNull);
        }

        @Override
        public void loadStarted(RunControl c) {
            control = c;
            if (!zonesKnown()) {
                return;
            }
            try {
                ops().map(ClusterOperations::brokerRacks).flatMap(r -> zoneProblem(setup.workerZones(), r)).ifPresent(c::line);
            } catch (RuntimeException e) {
                log.warn("The cluster did not list its brokers' racks: {}", e.toString());
            }
        }

        @Override
        public void measurementStarted() {
            if (control != null && zonesKnown()) {
                brokersAtStart = brokerCounters(); // the brokers' own counts, where the run started the cluster (else none)
            }
        }

        @Override
        public void measurementEnded() {
            if (control == null || !zonesKnown()) {
                return;
            }
            List<String> topics = topics(control.layout());
            placement = ops().map(o -> {
                try {
                    return Placement.read(o, topics);
                } catch (RuntimeException e) {
                    return Placement.unknown("the cluster did not say where the partitions are: " + e.getMessage());
                }
            }).orElse(Placement.unknown("the driver has no admin interface to say where the brokers and partitions are"));
        }

        @Override
        public Optional<ResultSection> section(RunFindings findings) {
            List<ZoneFindings> workers = findings.fromWorkers(ZoneFindings.class);
            if (workers.isEmpty()) {
                return Optional.empty();
            }
            Placement where = placement;
            if (where == null || where.racks().isEmpty()) { // zones learned from the workers' findings: the racks still can be read
                Placement known = where;
                where = ops().map(o -> {
                    try {
                        Map<Integer, String> racks = o.brokerRacks();
                        return known != null ? known.withRacks(racks) : new Placement(racks, Map.of(), Map.of(),
                                "not measured: the partitions' replicas were not read while the topics existed (the workers' zones "
                                        + "were not known when the run started: name them in the workers file)");
                    } catch (RuntimeException e) {
                        return Placement.unknown("the cluster did not list its brokers: " + e.getMessage());
                    }
                }).orElse(where != null ? where : Placement.unknown("the driver has no admin interface to say where the brokers are"));
            }
            // Only workers that know their zone report: the others are counted, not named (an agent's id is not its URL).
            int without = Math.max(0, (control == null ? setup.workerCount() : control.workerIds().size()) - workers.size());
            Zones zones = ZoneTraffic.of(workers, where, without, null);
            if (!brokersAtStart.isEmpty() && without == 0) {
                zones = zones.withBrokerCheck(ZoneTraffic.check(zones, ZoneTraffic.delta(brokersAtStart, brokerCounters()),
                        where.offsetsFollowers()));
            }
            return Optional.of(zones);
        }

        private Optional<ClusterOperations> ops() {
            try {
                return control == null ? Optional.empty() : control.faults().operations();
            } catch (RuntimeException e) {
                log.warn("No admin access to the cluster for the zones: {}", e.toString());
                return Optional.empty();
            }
        }

        private Map<String, Double> brokerCounters() {
            try {
                return control.serverMetrics();
            } catch (RuntimeException e) {
                return Map.of();
            }
        }

        private static List<String> topics(TopicLayout layout) {
            return layout.topics().stream().map(TopicSpec::name).toList();
        }
    }

    /**
     * The line said when the load starts about workers' zones no broker is in, or brokers without a rack; empty when
     * every known zone has a broker.
     */
    static Optional<String> zoneProblem(List<String> workerZones, Map<Integer, String> racks) {
        Set<String> brokerZones = new TreeSet<>(racks.values());
        Set<String> lonely = new TreeSet<>();
        workerZones.stream().filter(Objects::nonNull).filter(z -> !brokerZones.contains(z)).forEach(lonely::add);
        if (racks.isEmpty()) {
            return Optional.of("Zones: no broker names its zone (Kafka: broker.rack): the bytes per zone pair will say zones unknown");
        }
        if (lonely.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Zones: no broker is in " + String.join(", ", lonely) + " (brokers in " + String.join(", ", brokerZones)
                + "): every byte of a worker there crosses zones");
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        Zones zones = run.section(Zones.class);
        if (zones != null) {
            zones.lines().forEach(l -> lines.line(SummaryLines.Slot.CLOSING, l));
        }
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        Zones zones = run.section(Zones.class);
        if (zones == null) {
            return;
        }
        for (String name : List.of("produce", "replication", "fetch")) {
            Zones.Flow f = name.equals("produce") ? zones.produce() : name.equals("replication") ? zones.replication() : zones.fetch();
            parts.table(ZoneMatrix.of(f).table("Bytes between zones: " + name + " (MB/s, from the row's zone to the column's)")
                    .note(f.line()));
        }
        List<String> notes = new ArrayList<>(zones.lines());
        notes.add("from the clients' per-broker byte counters (framing included) over the measurement and the drain; replication: "
                + "each partition's acknowledged bytes from its leader's zone to each follower's");
        TableSpec summary = new TableSpec("Cross-zone traffic", List.of("flow", "MB/s", "across zones", "GB/h across", "GB/h within"));
        for (String name : List.of("produce", "replication", "fetch")) {
            Zones.Flow f = name.equals("produce") ? zones.produce() : name.equals("replication") ? zones.replication() : zones.fetch();
            summary.row(List.of(name, f.bytesPerSecond() == null ? "" : String.format(Locale.ROOT, "%.3f", f.bytesPerSecond() / 1e6),
                    f.crossZoneShare() == null ? f.status() : String.format(Locale.ROOT, "%.1f %%", f.crossZoneShare() * 100),
                    number(f.crossZoneGbPerHour()), number(f.withinZoneGbPerHour())));
        }
        parts.table(summary.note(String.join("; ", notes)));
    }

    private static String number(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.3f", value);
    }

}
