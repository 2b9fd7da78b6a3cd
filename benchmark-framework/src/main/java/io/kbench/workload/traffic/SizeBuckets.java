package io.kbench.workload.traffic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * OpenMessaging Benchmark's {@code messageSizeDistribution}: weighted size buckets such as
 * {@code {"0-256": 20, "256-1024": 50, "1024-8192": 30}}, so OMB's files run unchanged. A bucket {@code "lo-hi"}
 * holds the sizes from lo up to, not including, hi (so "0-256" and "256-1024" meet without overlapping); sizes may
 * carry B, KB or MB (1,024 and 1,048,576 bytes). A message falls in a bucket with the bucket's share of the weights,
 * and takes a size within it uniformly (OMB sends each bucket's midpoint; the spread is what real traffic has).
 */
public final class SizeBuckets implements SizeDistribution {

    private static final Pattern RANGE = Pattern.compile("\\s*(\\d+)\\s*(b|kb|mb)?\\s*-\\s*(\\d+)\\s*(b|kb|mb)?\\s*",
            Pattern.CASE_INSENSITIVE);

    /**
     * One bucket.
     *
     * @param label the key as the file gives it
     * @param fromBytes the smallest size in it
     * @param toBytes the first size past it
     * @param weight its weight
     */
    public record Bucket(String label, long fromBytes, long toBytes, double weight) {}

    private final List<Bucket> buckets;
    private final double[] cumulative;

    private SizeBuckets(List<Bucket> buckets) {
        this.buckets = List.copyOf(buckets);
        this.cumulative = new double[buckets.size()];
        double sum = 0;
        for (int i = 0; i < buckets.size(); i++) {
            sum += buckets.get(i).weight();
            cumulative[i] = sum;
        }
    }

    /** The buckets, by size. */
    public List<Bucket> buckets() {
        return buckets;
    }

    /** The share of the messages bucket {@code i} gets. */
    public double share(int i) {
        return buckets.get(i).weight() / cumulative[cumulative.length - 1];
    }

    /** Everything wrong with the buckets, each naming the key at fault (the field is the key); empty when right. */
    public static List<Issue> issues(Map<String, Double> weights) {
        List<Issue> issues = new ArrayList<>();
        if (weights.isEmpty()) {
            return List.of(new Issue("", "messageSizeDistribution is empty: give weighted size buckets, e.g. "
                    + "{\"0-256\": 20, \"256-1024\": 50, \"1024-8192\": 30}"));
        }
        List<Bucket> parsed = new ArrayList<>();
        double sum = 0;
        for (Map.Entry<String, Double> e : weights.entrySet()) {
            String key = e.getKey();
            Double w = e.getValue();
            if (w == null || !(w >= 0) || Double.isInfinite(w)) {
                issues.add(new Issue(key, "messageSizeDistribution \"" + key + "\": the weight must be a number, 0 or more, got " + w));
                continue;
            }
            sum += w;
            Matcher m = RANGE.matcher(key);
            if (!m.matches()) {
                issues.add(new Issue(key, "messageSizeDistribution \"" + key + "\" is not a size range: write \"from-to\" in bytes, "
                        + "e.g. \"256-1024\" or \"1KB-8KB\" (from included, to not)"));
                continue;
            }
            long from = bytes(m.group(1), m.group(2));
            long to = bytes(m.group(3), m.group(4));
            if (to <= from) {
                issues.add(new Issue(key, "messageSizeDistribution \"" + key + "\" is empty: it holds the sizes from " + from
                        + " up to, not including, " + to + " bytes; make the second size larger"));
            } else if (to - 1 > SizeShapes.MAX_BYTES) {
                issues.add(new Issue(key, "messageSizeDistribution \"" + key + "\" goes past " + SizeShapes.MAX_BYTES
                        + " bytes, the largest payload allowed"));
            } else {
                parsed.add(new Bucket(key, from, to, w));
            }
        }
        parsed.sort(Comparator.comparingLong(Bucket::fromBytes));
        for (int i = 1; i < parsed.size(); i++) {
            Bucket a = parsed.get(i - 1);
            Bucket b = parsed.get(i);
            if (b.fromBytes() < a.toBytes()) {
                issues.add(new Issue(b.label(), "messageSizeDistribution \"" + a.label() + "\" and \"" + b.label() + "\" overlap (sizes "
                        + b.fromBytes() + " to " + (Math.min(a.toBytes(), b.toBytes()) - 1) + " bytes are in both): a bucket holds "
                        + "from its first size up to, not including, its second, so \"0-256\" and \"256-1024\" meet"));
            }
        }
        if (issues.isEmpty() && sum <= 0) {
            issues.add(new Issue("", "messageSizeDistribution's weights are all 0: give at least one bucket a weight above 0"));
        }
        return issues;
    }

    /** The distribution of right buckets ({@link #issues} empty). */
    public static SizeBuckets of(Map<String, Double> weights) {
        List<Issue> issues = issues(weights);
        if (!issues.isEmpty()) {
            throw new IllegalArgumentException(issues.get(0).message());
        }
        List<Bucket> parsed = new ArrayList<>();
        weights.forEach((key, w) -> {
            Matcher m = RANGE.matcher(key);
            m.matches();
            parsed.add(new Bucket(key, bytes(m.group(1), m.group(2)), bytes(m.group(3), m.group(4)), w));
        });
        parsed.sort(Comparator.comparingLong(Bucket::fromBytes));
        return new SizeBuckets(parsed);
    }

    private static long bytes(String number, String unit) {
        long n = Long.parseLong(number.length() > 12 ? "999999999999" : number);
        String u = unit == null ? "b" : unit.toLowerCase(Locale.ROOT);
        return switch (u) {
            case "kb" -> n * 1024;
            case "mb" -> n * 1024 * 1024;
            default -> n;
        };
    }

    @Override
    public int sizeAt(double u) {
        double target = u * cumulative[cumulative.length - 1];
        int i = 0;
        while (i < cumulative.length - 1 && cumulative[i] <= target) {
            i++;
        }
        Bucket b = buckets.get(i);
        double before = i == 0 ? 0 : cumulative[i - 1];
        double within = b.weight() == 0 ? 0 : (target - before) / b.weight();
        long size = b.fromBytes() + (long) Math.floor(Math.max(0, Math.min(1, within)) * (b.toBytes() - b.fromBytes()));
        return (int) Math.min(b.toBytes() - 1, size);
    }

    @Override
    public int maxBytes() {
        return (int) buckets.stream().filter(b -> b.weight() > 0).mapToLong(Bucket::toBytes).max().orElse(1) - 1;
    }

    @Override
    public String describe() {
        StringBuilder s = new StringBuilder("buckets ");
        for (int i = 0; i < buckets.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(buckets.get(i).label()).append(String.format(Locale.ROOT, " B %.0f%%", 100 * share(i)));
        }
        return s.toString();
    }
}
