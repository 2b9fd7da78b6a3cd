package io.kbench.workload;

import java.util.List;

/**
 * The checks of a workload's groups that read the past ({@code catchUp}, consume-only runs of existing topics, the
 * existing-topic lists): one problem per mistake, each naming the field and what is allowed.
 */
final class PastReadChecks {

    private PastReadChecks() {}

    static void check(Workload w, boolean search, List<Problem> problems) {
        CatchUpSpec c = w.catchUp();
        boolean consumeOnly = w.consumesExistingOnly();
        if (c != null) {
            checkCatchUp(w, c, consumeOnly, search, problems);
        }
        if ((c != null || consumeOnly) && w.subscriptionOrDefault().share()) {
            problems.add(new Problem(c != null ? "catchUp" : "subscription", "a start position on a share group is not "
                    + "supported: a share group starts where subscription.shareGroup.autoOffsetReset says (earliest or latest), for "
                    + "the whole group. Make the subscriptions consumer groups (subscription.type: consumer) to read the past"));
        }
        if (consumeOnly && w.pastReads().map(p -> p.from() == PastReads.From.END).orElse(false)
                && w.effectiveTestDuration().isZero()) {
            problems.add(new Problem("testDuration", "catchUp.from: end reads only what others write during the run: give a "
                    + "testDuration (e.g. 1m), or read from earliest (until the end offsets seen at the start)"));
        }
        if (w.tieredStorage() && c == null && !consumeOnly && !w.drainsABacklog()) {
            problems.add(new Problem("tieredStorage", "tieredStorage says the past is read from a remote storage tier, and this "
                    + "workload reads none: add a catchUp section (or consumerBacklogSizeGB, consumeDelaySeconds), or remove it"));
        }
        if (w.consumerBacklogSizeGB() > 0 && (consumeOnly || w.producersPerTopic() == 0)) {
            problems.add(new Problem("consumerBacklogSizeGB", "consumerBacklogSizeGB is built by the run's producers, and this run "
                    + "has none: remove it (the topics' records are the past its groups read)"));
        }
    }

    private static void checkCatchUp(Workload w, CatchUpSpec c, boolean consumeOnly, boolean search, List<Problem> problems) {
        if (w.subscriptionsPerTopic() == 0) {
            problems.add(new Problem("catchUp", "catchUp names subscriptions that read the past, and the workload has none: set "
                    + "subscriptionsPerTopic"));
            return;
        }
        if (c.subscriptions() != null && (c.subscriptions() < 1 || c.subscriptions() > w.subscriptionsPerTopic())) {
            problems.add(new Problem("catchUp", "catchUp.subscriptions must be from 1 to subscriptionsPerTopic ("
                    + w.subscriptionsPerTopic() + "), got " + c.subscriptions(), List.of("catchUp", "subscriptions")));
        }
        if (consumeOnly && c.subscriptions() != null && c.subscriptions() != w.subscriptionsPerTopic()) {
            problems.add(new Problem("catchUp", "in a consume-only run of existing topics every group reads the past: remove "
                    + "catchUp.subscriptions", List.of("catchUp", "subscriptions")));
        }
        PastReads.From from = PastReads.parseFrom(c.from());
        if (from == null) {
            problems.add(new Problem("catchUp", "catchUp.from must be earliest, end, or an age such as 10m or 1h; got '" + c.from()
                    + "'", List.of("catchUp", "from")));
        } else if (from == PastReads.From.END && !consumeOnly) {
            problems.add(new Problem("catchUp", "catchUp.from: end reads only what is written after a group joins, which is what the "
                    + "tailing groups do: use earliest or an age", List.of("catchUp", "from")));
        }
        if (c.caughtUpBelow() != null && c.caughtUpBelow() < 0) {
            problems.add(new Problem("catchUp", "catchUp.caughtUpBelow must be 0 or more records, got " + c.caughtUpBelow(),
                    List.of("catchUp", "caughtUpBelow")));
        }
        String notHere = w.countMode() ? "messageCount (a catch-up needs a timed run: use testDuration)"
                : w.consumeOnly() ? "prefillMessages (every group of a prefilled consume-only run reads the prefill from its start)"
                : search || w.rateDiscovery() ? "a max-rate search (its steps must not build a backlog)"
                : w.maxInFlightMessages() != null ? "maxInFlightMessages (it waits for every message to be consumed)" : null;
        if (notHere != null) {
            problems.add(new Problem("catchUp", "catchUp cannot be combined with " + notHere));
        }
    }
}
