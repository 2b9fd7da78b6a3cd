package io.kbench.sweep;

import io.kbench.workload.Length;
import io.kbench.workload.Rate;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.List;

/**
 * How long a sweep's remaining runs should take: per run, warmup + measurement (or messageCount /
 * rate when throttled) plus {@link #OVERHEAD} for setup and drain and {@link #SETUP_PER_PARTITION} for
 * each partition the run creates beyond the first {@link #PARTITIONS_IN_OVERHEAD}. Runs whose length cannot be
 * known in advance (an unthrottled message count, a backlog to build and drain) are counted apart.
 *
 * @param known the total of the runs whose length is known
 * @param knownRuns how many runs that covers
 * @param unknownRuns runs whose length is unknown
 * @param unknownWhy why, for the first of them
 */
public record DurationEstimate(Duration known, int knownRuns, int unknownRuns, String unknownWhy) {

    /** Setup (topics, consumers joining) and drain of one run, roughly. */
    public static final Duration OVERHEAD = Duration.ofSeconds(15);
    /**
     * Creating each partition beyond {@link #PARTITIONS_IN_OVERHEAD}, until it is served: one local broker took 10,000 new
     * partitions in 29 to 54 s on 2 busy cores (docs/guide/large-clusters.md); a cluster of many brokers takes them faster.
     */
    public static final Duration SETUP_PER_PARTITION = Duration.ofMillis(4);
    /** The partitions whose creation {@link #OVERHEAD} covers. */
    public static final long PARTITIONS_IN_OVERHEAD = 1_000;

    /** Above this, a sweep needs --yes. */
    public static final Duration CONFIRM_ABOVE = Duration.ofHours(1);

    /** @param workloads the spec (as it will run) of every remaining run */
    public static DurationEstimate of(List<RunSpec> workloads) {
        Duration total = Duration.ZERO;
        int known = 0;
        int unknown = 0;
        String why = null;
        for (RunSpec w : workloads) {
            String reason = unknownReason(w);
            if (reason != null) {
                unknown++;
                why = why == null ? reason : why;
                continue;
            }
            total = total.plus(perRun(w));
            known++;
        }
        return new DurationEstimate(total, known, unknown, why);
    }

    /** One run's length including overhead, or null when unknown. */
    public static Duration perRun(RunSpec w) {
        if (unknownReason(w) != null) {
            return null;
        }
        Length length = w.length();
        Duration load = length instanceof Length.Count count
                ? Duration.ofMillis((long) Math.ceil(count.messages() * 1000.0 / ((Rate.Fixed) w.rate()).perSecond()))
                : length.warmup().plus(length.measure());
        // Existing topics are not created.
        long partitions = w.topology().existing().any() ? 0 : w.topology().totalPartitions();
        return load.plus(OVERHEAD).plus(SETUP_PER_PARTITION.multipliedBy(Math.max(0, partitions - PARTITIONS_IN_OVERHEAD)));
    }

    static String unknownReason(RunSpec w) {
        if (w.length() instanceof Length.Count count && !(w.rate() instanceof Rate.Fixed f && f.perSecond() > 0)) {
            return "an unthrottled messageCount (" + count.messages() + " messages) takes as long as the cluster needs";
        }
        if (w.subscriptions().backlog().sizeGB() > 0) {
            return "building and draining a " + w.subscriptions().backlog().sizeGB() + " GB backlog takes as long as the cluster needs";
        }
        return null;
    }

    public boolean needsConfirmation() {
        return known.compareTo(CONFIRM_ABOVE) > 0;
    }

    /** "about 1h 15m for 30 runs", with a note on the runs whose length is unknown. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        if (knownRuns > 0) {
            b.append("about ").append(format(known)).append(" for ").append(knownRuns).append(knownRuns == 1 ? " run" : " runs")
                    .append(" (warmup + measurement + ~").append(OVERHEAD.toSeconds()).append(" s setup and drain each, and ")
                    .append(SETUP_PER_PARTITION.toMillis()).append(" ms a partition created beyond ")
                    .append(String.format(java.util.Locale.ROOT, "%,d", PARTITIONS_IN_OVERHEAD)).append(")");
        }
        if (unknownRuns > 0) {
            b.append(knownRuns > 0 ? "; plus " : "").append(unknownRuns).append(unknownRuns == 1 ? " run" : " runs")
                    .append(" of unknown length: ").append(unknownWhy);
        }
        return b.length() == 0 ? "nothing to run" : b.toString();
    }

    /** 45s, 12m 30s, 2h 5m */
    public static String format(Duration d) {
        long s = (d.toMillis() + 999) / 1000;
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return (s / 60) + "m" + (s % 60 == 0 ? "" : " " + (s % 60) + "s");
        }
        long m = (s + 59) / 60;
        return (m / 60) + "h" + (m % 60 == 0 ? "" : " " + (m % 60) + "m");
    }
}
