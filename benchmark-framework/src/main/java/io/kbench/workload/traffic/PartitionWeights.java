package io.kbench.workload.traffic;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The workload's {@code partitionWeights}: each partition's share of every topic's messages, so that producers pick
 * the partition themselves instead of leaving it to the client. Either a list, one weight per partition from 0
 * ({@code [4, 1, 1, 1, 1]}: partition 0 gets half), or the Redpanda fork's map of partition number to share, where
 * {@code "*"} is spread evenly over the partitions not named ({@code {"3": 0.91, "*": 0.09}}). Weights are relative
 * (they need not sum to 1); a partition without one gets none. Kept as the file gave it, and written back so.
 */
public final class PartitionWeights {

    /** The map form's key for every partition it does not name. */
    public static final String OTHERS = "*";

    private final JsonNode given;

    private PartitionWeights(JsonNode given) {
        this.given = given;
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static PartitionWeights of(JsonNode given) {
        return new PartitionWeights(given == null ? JsonNodeFactory.instance.nullNode() : given.deepCopy());
    }

    /** The list form. */
    public static PartitionWeights of(double... weights) {
        var list = JsonNodeFactory.instance.arrayNode();
        for (double w : weights) {
            list.add(w);
        }
        return new PartitionWeights(list);
    }

    /** The form the file gave. */
    @JsonValue
    public JsonNode json() {
        return given;
    }

    /**
     * Everything wrong with the weights, each naming where; empty when right.
     *
     * @param partitions the topic's partitions, or null while unknown (a run on existing topics: checked once known)
     */
    public List<Issue> issues(Integer partitions) {
        List<Issue> issues = new ArrayList<>();
        if (given.isArray()) {
            if (given.isEmpty()) {
                return List.of(new Issue("", "partitionWeights is empty: give one weight per partition from 0, e.g. [4, 1, 1, 1, 1]"));
            }
            for (int i = 0; i < given.size(); i++) {
                weight(given.get(i), "partitionWeights[" + i + "]", Integer.toString(i), issues);
            }
            if (partitions != null && given.size() > partitions) {
                issues.add(new Issue(Integer.toString(partitions), "partitionWeights has " + given.size() + " weights, but the topic "
                        + "has " + partitions + " partition(s) (0 to " + (partitions - 1) + "): there is no partition " + partitions));
            }
        } else if (given.isObject()) {
            if (given.isEmpty()) {
                return List.of(new Issue("", "partitionWeights is empty: give partitions and their shares, e.g. {\"0\": 0.5, \"*\": 0.5}"));
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = given.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String key = e.getKey();
                weight(e.getValue(), "partitionWeights \"" + key + "\"", key, issues);
                if (!key.equals(OTHERS) && !key.matches("0|[1-9]\\d{0,8}")) {
                    issues.add(new Issue(key, "partitionWeights key \"" + key + "\" must be a partition number (0, 1, ...) or \""
                            + OTHERS + "\" for the partitions not named"));
                } else if (!key.equals(OTHERS) && partitions != null && Integer.parseInt(key) >= partitions) {
                    issues.add(new Issue(key, "partitionWeights names partition " + key + ", but the topic has " + partitions
                            + " partition(s) (0 to " + (partitions - 1) + ")"));
                }
            }
        } else {
            return List.of(new Issue("", "partitionWeights must be a list of weights, one per partition from 0 (e.g. [4, 1, 1, 1, 1]), "
                    + "or a map of partition to share (e.g. {\"0\": 0.5, \"*\": 0.5}); got " + given.getNodeType().name().toLowerCase()));
        }
        if (issues.isEmpty() && partitions != null && sum(resolve(partitions)) <= 0) {
            issues.add(new Issue("", "partitionWeights gives every partition weight 0: give at least one partition a weight above 0"));
        }
        return issues;
    }

    private static void weight(JsonNode w, String where, String field, List<Issue> issues) {
        if (w == null || !w.isNumber() || !(w.asDouble() >= 0) || Double.isInfinite(w.asDouble())) {
            issues.add(new Issue(field, where + " must be a weight, a number 0 or more; got " + (w == null ? "nothing" : w.toString())));
        }
    }

    private static double sum(double[] w) {
        double s = 0;
        for (double x : w) {
            s += x;
        }
        return s;
    }

    /** Each partition's weight, for a topic of {@code partitions} partitions; assumes {@link #issues} found nothing. */
    public double[] resolve(int partitions) {
        double[] w = new double[partitions];
        if (given.isArray()) {
            for (int i = 0; i < Math.min(partitions, given.size()); i++) {
                w[i] = given.get(i).asDouble();
            }
            return w;
        }
        boolean[] named = new boolean[partitions];
        int namedCount = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = given.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().equals(OTHERS)) {
                int p = Integer.parseInt(e.getKey());
                if (p < partitions) {
                    w[p] = e.getValue().asDouble();
                    named[p] = true;
                    namedCount++;
                }
            }
        }
        JsonNode others = given.get(OTHERS);
        if (others != null && namedCount < partitions) {
            double each = others.asDouble() / (partitions - namedCount);
            for (int p = 0; p < partitions; p++) {
                if (!named[p]) {
                    w[p] = each;
                }
            }
        }
        return w;
    }

    /** Each partition's share of the messages, summing to 1. */
    public double[] shares(int partitions) {
        double[] w = resolve(partitions);
        double s = sum(w);
        for (int i = 0; i < w.length; i++) {
            w[i] /= s;
        }
        return w;
    }

    /** A producer's way of picking partitions by weight, for a topic of {@code partitions}; {@code seed} fixes its picks. */
    public PartitionSource source(int partitions, long seed) {
        AliasTable table = new AliasTable(resolve(partitions));
        SplittableRandom random = new SplittableRandom(seed);
        return () -> table.sample(random.nextLong());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PartitionWeights p && p.given.equals(given);
    }

    @Override
    public int hashCode() {
        return Objects.hash(given);
    }

    @Override
    public String toString() {
        return given.toString();
    }
}
