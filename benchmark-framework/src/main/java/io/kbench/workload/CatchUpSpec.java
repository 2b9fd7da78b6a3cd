package io.kbench.workload;

/**
 * A workload's {@code catchUp:} section: some of each topic's subscriptions read the past while the others tail
 * the head of the log. Those groups join once the measurement has started, after {@code consumeDelaySeconds} and
 * any {@code consumerBacklogSizeGB} built meanwhile, and their own figures (how fast they caught up, their lag over
 * time) go into the result. In a consume-only run of existing topics, where every group reads what the topics hold,
 * the section may give {@code from} alone.
 *
 * @param subscriptions how many of each topic's subscriptions read the past: the last ones (with
 *     {@code subscriptionsPerTopic: 3} and {@code subscriptions: 1}, subscription 2); default 1, or all of them in a
 *     consume-only run
 * @param from where they start: {@code earliest} (the default: everything the topic still holds), {@code end} (a
 *     consume-only run only: what others write during it), or an age such as {@code 10m} (the records no older than
 *     that when the group joins)
 * @param caughtUpBelow a group has caught up once its lag, in records, is at or below this (default 1,000, as OMB's
 *     backlog drain); its catch-up time is the time to get there
 */
public record CatchUpSpec(Integer subscriptions, String from, Long caughtUpBelow) {

    /** The default lag at which a group has caught up, in records (OMB's backlog drain ends at 1,000 messages). */
    public static final long DEFAULT_CAUGHT_UP_BELOW = 1_000;

    /** The section's defaults: one subscription per topic from the earliest record. */
    public static final CatchUpSpec DEFAULT = new CatchUpSpec(null, null, null);

    /** The lag in records at which a group counts as caught up. */
    public long caughtUpBelowOrDefault() {
        return caughtUpBelow == null ? DEFAULT_CAUGHT_UP_BELOW : caughtUpBelow;
    }
}
