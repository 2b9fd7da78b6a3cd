package io.kbench.features.consumergroups;

import java.util.List;

/** How the members of each consumer group on one worker were made, as the worker reports it once the load is over. */
public record GroupFindings(List<GroupFigures> groups) {}
