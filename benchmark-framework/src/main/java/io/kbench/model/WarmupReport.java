package io.kbench.model;

/**
 * How the warmup went: it goes on until the producers have caught up and latency has settled,
 * up to a cap, unless a fixed warmup was asked for.
 *
 * @param plannedMillis the workload's warmup
 * @param usedMillis how long it actually lasted
 * @param capMillis the longest it could last
 * @param fixed the warmup lasted exactly as planned (--fixed-warmup)
 * @param settled it ended because steady state was reached (always true when fixed, as nothing was judged)
 * @param endReason why it ended, in words
 * @param scheduleLagAtMeasureStartMessages messages due but not yet sent when the measurement began: debt
 *     carried into the measurement, whose latency includes it
 */
public record WarmupReport(
        long plannedMillis,
        long usedMillis,
        long capMillis,
        boolean fixed,
        boolean settled,
        String endReason,
        long scheduleLagAtMeasureStartMessages) {

    /** The same, with the debt the measurement began with. */
    public WarmupReport withScheduleLag(long messages) {
        return new WarmupReport(plannedMillis, usedMillis, capMillis, fixed, settled, endReason, messages);
    }
}
