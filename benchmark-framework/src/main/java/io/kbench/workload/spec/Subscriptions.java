package io.kbench.workload.spec;

import io.kbench.workload.PastReads;
import io.kbench.workload.SubscriptionSpec;
import java.util.Optional;

/**
 * How the run's subscriptions read.
 *
 * @param kind what kind of group each subscription is and how its consumers behave (the file's subscription section, or
 *     a consumer group's defaults)
 * @param pastReads which subscriptions read the past, from where; empty when every group tails what the run writes
 * @param backlog the backlog consumers drain, {@link Backlog#NONE} for none
 */
public record Subscriptions(SubscriptionSpec kind, Optional<PastReads> pastReads, Backlog backlog) {}
