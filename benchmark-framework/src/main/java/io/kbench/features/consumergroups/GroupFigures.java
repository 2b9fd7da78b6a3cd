package io.kbench.features.consumergroups;

import java.util.List;

/**
 * One consumer group's members on one worker, as a worker reports them at the end of a run.
 *
 * @param workerId the worker
 * @param group the consumer group
 * @param topic the topic it reads
 * @param protocols the group protocols its members ran with ({@code classic}, {@code consumer}), in the order first seen
 * @param protocolSources where each protocol came from: {@code workload}, {@code driver file} or {@code default}
 * @param staticMembership every member made had a static identity (group.instance.id) it was given
 * @param members its live members at the end of the run
 */
public record GroupFigures(String workerId, String group, String topic, List<String> protocols, List<String> protocolSources,
                           boolean staticMembership, int members) {

    public GroupFigures {
        protocols = List.copyOf(protocols);
        protocolSources = List.copyOf(protocolSources);
    }
}
