package io.kbench.features.consumergroups;

import io.kbench.driver.GroupMembership;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How one consumer group's members on one worker were made, as their driver reported each
 * ({@link io.kbench.driver.BenchmarkConsumer#groupMembership()}). Every member made counts, also those
 * that left or crashed before the end. Not thread-safe: the worker's run lock guards it.
 */
public final class GroupTally {

    private final String group;
    private final String topic;
    private final Set<String> protocols = new LinkedHashSet<>();
    private final Set<String> sources = new LinkedHashSet<>();
    private boolean allStatic = true;

    public GroupTally(String group, String topic) {
        this.group = group;
        this.topic = topic;
    }

    /** One member made; {@code membership} null when its driver does not say (not counted). */
    public void add(GroupMembership membership) {
        if (membership == null) {
            return;
        }
        protocols.add(membership.protocol().label());
        sources.add(sourceLabel(membership.protocolFrom()));
        allStatic &= membership.staticMember();
    }

    /** Whether any member's driver said how it was made. */
    public boolean known() {
        return !protocols.isEmpty();
    }

    /** This worker's figures, with {@code members} live members at the end of the run. */
    public GroupFigures figures(String workerId, int members) {
        return new GroupFigures(workerId, group, topic, List.copyOf(protocols), List.copyOf(sources), allStatic, members);
    }

    /** The words the result uses for where a protocol came from. */
    static String sourceLabel(GroupMembership.Source source) {
        return switch (source) {
            case OPTIONS -> "workload";
            case DRIVER_CONFIG -> "driver file";
            case DEFAULT -> "default";
        };
    }
}
