package io.kbench.features.consumerevents;

import java.util.List;

/** When each subscription's partitions were consumed on one worker, as it reports it once the load is over. */
public record ActivityFindings(List<ActivityTrack> tracks) {}
