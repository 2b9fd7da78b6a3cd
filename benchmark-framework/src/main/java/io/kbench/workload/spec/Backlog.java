package io.kbench.workload.spec;

import java.time.Duration;

/**
 * A backlog the producers build and the consumers drain: OMB's consumerBacklogSizeGB and consumeDelaySeconds, or
 * catch-up groups'.
 *
 * @param sizeGB the backlog to build with the consumers paused, GiB; 0 for none
 * @param drainRatio share of the backlog that must drain before the drain counts as done
 * @param consumeDelay how long the draining consumers stay paused after the warmup; zero for none
 * @param drains whether consumers drain a backlog the producers build at all
 */
public record Backlog(double sizeGB, double drainRatio, Duration consumeDelay, boolean drains) {

    /** No backlog: the consumers tail what the producers write. */
    public static final Backlog NONE = new Backlog(0, 1.0, Duration.ZERO, false);
}
