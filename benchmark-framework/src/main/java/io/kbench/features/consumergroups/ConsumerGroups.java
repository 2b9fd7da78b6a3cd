package io.kbench.features.consumergroups;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.model.ResultSection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The result's {@code consumerGroups} section: for each consumer group subscription, the group protocol
 * and static membership its members ran with, as their driver resolved them (the workload's setting, else
 * the driver file's, else the default), merged from every worker. Absent when the run had no consumer
 * group, or its driver does not say.
 */
public record ConsumerGroups(@JsonValue List<Group> groups) implements ResultSection {

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public ConsumerGroups {
        groups = List.copyOf(groups);
    }

    /**
     * One consumer group.
     *
     * @param group the group's name
     * @param topic the topic it reads
     * @param protocol {@code classic} or {@code consumer}; both, comma-separated, if members differed
     * @param protocolSource where the protocol came from: {@code workload}, {@code driver file} or {@code default} (the
     *     driver's or its client's); comma-separated likewise
     * @param staticMembership every member had a static identity (Kafka: {@code group.instance.id}) from the workload or
     *     the driver file
     * @param members its members at the end of the run, on all workers
     */
    public record Group(String group, String topic, String protocol, String protocolSource, boolean staticMembership, int members) {

        /** "consumer (workload), static members", for lines and tables. */
        public String membership() {
            return protocol + " (" + protocolSource + "), " + (staticMembership ? "static" : "dynamic") + " members";
        }
    }

    /** Merges every worker's figures, group by group, in the order first seen; null when there are none. */
    public static ConsumerGroups of(List<GroupFigures> figures) {
        Map<String, List<GroupFigures>> byGroup = new LinkedHashMap<>();
        for (GroupFigures f : figures) {
            byGroup.computeIfAbsent(f.group(), g -> new ArrayList<>()).add(f);
        }
        if (byGroup.isEmpty()) {
            return null;
        }
        List<Group> groups = new ArrayList<>();
        byGroup.forEach((name, parts) -> {
            Set<String> protocols = new LinkedHashSet<>();
            Set<String> sources = new LinkedHashSet<>();
            boolean allStatic = true;
            int members = 0;
            for (GroupFigures f : parts) {
                protocols.addAll(f.protocols());
                sources.addAll(f.protocolSources());
                allStatic &= f.staticMembership();
                members += f.members();
            }
            groups.add(new Group(name, parts.get(0).topic(), String.join(", ", protocols), String.join(", ", sources), allStatic,
                    members));
        });
        return new ConsumerGroups(groups);
    }

    /** The group named so, or null. */
    public Group group(String name) {
        return groups.stream().filter(g -> g.group().equals(name)).findFirst().orElse(null);
    }

    /**
     * The final lines: one when every group ran alike ("Consumer groups (2): protocol classic (default), dynamic members;
     * 8 members at the end"), else one per group.
     */
    public List<String> lines() {
        Set<String> kinds = new LinkedHashSet<>();
        groups.forEach(g -> kinds.add(g.membership()));
        if (kinds.size() == 1) {
            int members = groups.stream().mapToInt(Group::members).sum();
            return List.of(String.format(Locale.ROOT, "Consumer group%s: protocol %s; %d member(s) at the end.",
                    groups.size() == 1 ? " " + groups.get(0).group() : "s (" + groups.size() + ")", kinds.iterator().next(), members));
        }
        return groups.stream().map(g -> String.format(Locale.ROOT, "Consumer group %s: protocol %s; %d member(s) at the end.",
                g.group(), g.membership(), g.members())).toList();
    }
}
