package io.kbench.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;

/**
 * What limited a run, with the evidence: the clients, the cluster, or the cluster's quota.
 * "Client-bound" needs evidence about the client (its CPU, or falling behind while the cluster
 * acknowledged promptly); stalled or slow acknowledgements mean "cluster-bound"; throttle time
 * reported by the clients means "throttled"; a worker that stopped answering means "worker-lost" (its
 * share of the figures is missing, so nothing else can be judged). See {@link Diagnostician} for the rules.
 *
 * @param verdict the finding
 * @param reasons the evidence, with figures; empty for {@link Verdict#NONE}
 * @param advice what would help, when the rule that found it knows better than the verdict's general advice; else null
 */
public record Diagnosis(Verdict verdict, List<String> reasons, String advice) {

    /** With the verdict's general advice. */
    public Diagnosis(Verdict verdict, List<String> reasons) {
        this(verdict, reasons, null);
    }

    /** The possible findings, most severe last. */
    public enum Verdict {
        NONE("none"),
        CLIENT_BOUND("client-bound"),
        CLUSTER_BOUND("cluster-bound"),
        THROTTLED("throttled"),
        /**
         * The consumers could not keep up while the producers kept their schedule: their own processing or their
         * workers' CPU (evidence about the consumers' side of the clients).
         */
        CONSUMER_BOUND("consumer-bound"),
        /** The consumers fell behind waiting on the cluster's fetches (slow or throttled fetches), not on themselves. */
        EGRESS_BOUND("egress-bound"),
        /** One partition (a hot key, a weight) took more than the others could: its backlog or latency stands out. */
        HOT_PARTITION("hot-partition"),
        /** A worker stopped answering: the figures lack its share, so they judge neither cluster nor clients. */
        WORKER_LOST("worker-lost");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        /**
         * Whether this verdict names more precisely what {@code general} says: a hot partition is why consumers fell
         * behind when the others kept up, so it refines consumer-bound and egress-bound.
         */
        public boolean refines(Verdict general) {
            return this == HOT_PARTITION && (general == CONSUMER_BOUND || general == EGRESS_BOUND);
        }

        /** As written in results and reports, e.g. "client-bound". */
        @JsonValue
        public String label() {
            return label;
        }
    }

    public static final Diagnosis NONE = new Diagnosis(Verdict.NONE, List.of());

    /** The CKU study's advice for a client-bound run. */
    public static final String CLIENT_ADVICE = "the clients, not the cluster, limited this run: add client machines "
            + "(workers; Confluent's CKU study needed 2 client machines per CKU on AWS and Azure, 4 on GCP) "
            + "or more producers (producersPerTopic)";

    public static Diagnosis of(Verdict verdict, List<String> reasons) {
        return reasons.isEmpty() ? NONE : new Diagnosis(verdict, List.copyOf(reasons));
    }

    /** As {@link #of(Verdict, List)}, with advice of its own (see {@link #advice()}). */
    public static Diagnosis of(Verdict verdict, List<String> reasons, String advice) {
        return reasons.isEmpty() ? NONE : new Diagnosis(verdict, List.copyOf(reasons), advice);
    }

    public boolean clientBound() {
        return verdict == Verdict.CLIENT_BOUND;
    }

    /** The evidence in one sentence, or null for {@link Verdict#NONE}. */
    public String reason() {
        return reasons.isEmpty() ? null : String.join("; ", reasons);
    }

    /** The warning a run records, or null when nothing limited it. */
    public String warning() {
        if (advice != null && verdict != Verdict.NONE) {
            return verdict.label() + ": " + reason() + ". " + advice;
        }
        return switch (verdict) {
            case NONE -> null;
            case CLIENT_BOUND -> "client-bound: " + reason() + ". So " + CLIENT_ADVICE + ".";
            case CLUSTER_BOUND -> "cluster-bound: " + reason() + ". The cluster, not the clients, set the pace: adding "
                    + "client machines would not help.";
            case THROTTLED -> "throttled: " + reason() + ". The cluster enforced a quota: the figures show the quota, "
                    + "not what the brokers could do.";
            case CONSUMER_BOUND -> "consumer-bound: " + reason() + ". The consumers, not the cluster, set the pace: more "
                    + "consumers (consumerPerSubscription, up to the partitions) or less work per record would help.";
            case EGRESS_BOUND -> "egress-bound: " + reason() + ". The cluster's fetches set the consumers' pace.";
            case HOT_PARTITION -> "hot-partition: " + reason() + ". One partition, and so one broker and one consumer, is the "
                    + "limit long before the topic's average says so.";
            case WORKER_LOST -> "worker-lost: " + reason() + ". The figures cover only the workers that still answered, "
                    + "against the whole run's requested rate and messages: they judge neither the cluster nor the clients.";
        };
    }

    /** One line for the final report. */
    public String line() {
        return verdict == Verdict.NONE ? "Diagnosis: no limit found (the producers kept their schedule, no worker's CPU "
                + "was saturated, every measured period had acknowledgements, no throttling)"
                : String.format(Locale.ROOT, "Diagnosis: %s: %s", verdict.label(), reason());
    }
}
