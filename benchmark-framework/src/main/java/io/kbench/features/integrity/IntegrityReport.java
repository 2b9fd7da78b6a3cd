package io.kbench.features.integrity;

import java.util.List;

/**
 * What one worker knows for the integrity check at the end of a run.
 *
 * @param workerId the worker
 * @param producers acknowledged sequences of each of its producers
 * @param subscriptions what its consumers read, one tally per subscription
 */
public record IntegrityReport(String workerId, List<ProducerAcks> producers, List<SubscriptionTally> subscriptions) {}
