package io.kbench.workload;

import io.kbench.workload.traffic.HeaderSpec;
import io.kbench.workload.traffic.Issue;
import io.kbench.workload.traffic.KeyShapes;
import io.kbench.workload.traffic.SizeBuckets;
import io.kbench.workload.traffic.SizeShapes;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks the workload's traffic fields ({@code keys}, {@code partitionWeights}, {@code messageSizeDistribution},
 * {@code messageSizes}, {@code payloads}, {@code headers}) and how they combine, one problem per mistake, naming the
 * field (and within it the key or entry) so that the message carries its line.
 */
final class TrafficChecks {

    private TrafficChecks() {}

    static void check(Workload w, List<Problem> problems) {
        if (w.keys() != null) {
            add(problems, "keys", KeyShapes.issues(w.keys()));
            if (w.keyDistributor() != KeyDistributorType.NO_KEY) {
                problems.add(new Problem("keys", "keys and keyDistributor exclude each other: keys draws them from a distribution "
                        + "(remove keyDistributor), keyDistributor takes OMB's pool of 10,000 (remove keys)"));
            }
        }
        if (w.partitionWeights() != null) {
            add(problems, "partitionWeights", w.partitionWeights().issues(w.partitionsPerTopic()));
            if (w.keys() != null || w.keyDistributor() != KeyDistributorType.NO_KEY) {
                problems.add(new Problem("partitionWeights", "partitionWeights and keys exclude each other: with weights the producers "
                        + "pick each partition, with keys the key does; remove " + (w.keys() != null ? "keys" : "keyDistributor")
                        + " or partitionWeights"));
            }
        }
        if (w.messageSizeDistribution() != null) {
            add(problems, "messageSizeDistribution", SizeBuckets.issues(w.messageSizeDistribution()));
        }
        if (w.messageSizes() != null) {
            add(problems, "messageSizes", SizeShapes.issues(w.messageSizes()));
        }
        List<String> payloadSources = new ArrayList<>();
        for (String field : List.of("payloadFile", "payloads", "messageSizeDistribution", "messageSizes")) {
            boolean given = switch (field) {
                case "payloadFile" -> w.payloadFile() != null;
                case "payloads" -> w.payloads() != null;
                case "messageSizeDistribution" -> w.messageSizeDistribution() != null;
                default -> w.messageSizes() != null;
            };
            if (given) {
                payloadSources.add(field);
            }
        }
        if (payloadSources.size() > 1) {
            problems.add(new Problem(payloadSources.get(1), String.join(" and ", payloadSources) + " exclude each other: each "
                    + "decides the payloads; keep one"));
        }
        if (w.payloads() != null && w.useRandomizedPayloads()) {
            problems.add(new Problem("useRandomizedPayloads", "useRandomizedPayloads and payloads exclude each other: the corpus is "
                    + "the payloads; remove one"));
        }
        if (w.headers() != null) {
            add(problems, "headers", new HeaderSpec(w.headers().count(), w.headers().valueBytes()).issues());
        }
    }

    /** Each issue as a problem of {@code section}, at the issue's field inside it (for its line). */
    private static void add(List<Problem> problems, String section, List<Issue> issues) {
        for (Issue i : issues) {
            problems.add(i.field().isEmpty() ? new Problem(section, i.message())
                    : new Problem(section, i.message(), List.of(section, i.field())));
        }
    }

    /** Whether the workload draws sizes or payloads per message, so that messageSize need not be given. */
    static boolean sizesDrawn(Workload w) {
        return w.messageSizeDistribution() != null || w.messageSizes() != null || w.payloads() != null;
    }
}
