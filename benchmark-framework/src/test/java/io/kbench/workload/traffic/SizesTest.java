package io.kbench.workload.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SizesTest {

    private static Map<String, Double> buckets(Object... keysAndWeights) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndWeights.length; i += 2) {
            m.put((String) keysAndWeights[i], ((Number) keysAndWeights[i + 1]).doubleValue());
        }
        return m;
    }

    private static double shareBetween(int[] sizes, long from, long to) {
        long n = 0;
        for (int s : sizes) {
            n += s >= from && s < to ? 1 : 0;
        }
        return (double) n / sizes.length;
    }

    @Test
    void ombBucketsKeepTheirSharesAndSpreadSizesWithinEachBucket() {
        SizeBuckets d = SizeBuckets.of(buckets("0-256", 20, "256-1024", 50, "1KB-8KB", 30));
        int[] sizes = SizeTable.of(d, Long.MAX_VALUE);
        assertEquals(SizeTable.MAX_ENTRIES, sizes.length);
        assertEquals(0.2, shareBetween(sizes, 0, 256), 1.0 / sizes.length);
        assertEquals(0.5, shareBetween(sizes, 256, 1024), 1.0 / sizes.length);
        assertEquals(0.3, shareBetween(sizes, 1024, 8192), 1.0 / sizes.length);
        assertEquals(0.3 / 10, shareBetween(sizes, 1024, 1024 + 7168 / 10), 0.002, "uniformly within a bucket: its first tenth");
        assertEquals(8191, d.maxBytes());
    }

    @Test
    void badBucketsAreRefusedNamingTheKey() {
        assertEquals(List.of(new Issue("256-1024", "messageSizeDistribution \"0-300\" and \"256-1024\" overlap (sizes 256 to 299 bytes are "
                + "in both): a bucket holds from its first size up to, not including, its second, so \"0-256\" and \"256-1024\" meet")),
                SizeBuckets.issues(buckets("0-300", 1, "256-1024", 1)));
        assertEquals(List.of(new Issue("100-100", "messageSizeDistribution \"100-100\" is empty: it holds the sizes from 100 up to, not "
                + "including, 100 bytes; make the second size larger")), SizeBuckets.issues(buckets("100-100", 1)));
        assertEquals("messageSizeDistribution's weights are all 0: give at least one bucket a weight above 0",
                SizeBuckets.issues(buckets("0-10", 0, "10-20", 0)).get(0).message());
        assertEquals("10", SizeBuckets.issues(buckets("10", 1)).get(0).field());
        assertTrue(SizeBuckets.issues(Map.of()).get(0).message().startsWith("messageSizeDistribution is empty"));
        assertTrue(SizeBuckets.issues(buckets("0-10", -1)).get(0).message().contains("the weight must be a number, 0 or more"));
    }

    @Test
    void uniformNormalAndLogNormalStayWithinTheirBoundsWithTheirShape() {
        int[] uniform = SizeTable.of(SizeShapes.distribution(new SizeSpec("uniform", 100, 1123, null, null)), Long.MAX_VALUE);
        assertEquals(100, min(uniform));
        assertEquals(1123, SizeTable.maxBytes(uniform));
        assertEquals(611.5, SizeTable.meanBytes(uniform), 0.5);

        int[] normal = SizeTable.of(SizeShapes.distribution(new SizeSpec("normal", 0, 10_000, 5000.0, 1000.0)), Long.MAX_VALUE);
        assertEquals(5000, SizeTable.meanBytes(normal), 5);
        assertEquals(0.6827, shareBetween(normal, 4000, 6001), 0.002, "one standard deviation each side");
        int[] cut = SizeTable.of(SizeShapes.distribution(new SizeSpec("normal", 4500, 10_000, 5000.0, 1000.0)), Long.MAX_VALUE);
        assertEquals(4500, min(cut), "cut at min: no size below it");

        int[] logNormal = SizeTable.of(SizeShapes.distribution(new SizeSpec("log-normal", 1, 10_000_000, 2000.0, 3000.0)),
                Long.MAX_VALUE);
        assertEquals(2000, SizeTable.meanBytes(logNormal), 60, "the mean asked for (the far tail aside)");
        double sigma = Math.sqrt(Math.log(1 + 9.0 / 4));
        double median = 2000 / Math.sqrt(1 + 9.0 / 4);
        assertEquals(0.5, shareBetween(logNormal, 0, Math.round(median)), 0.002, "half below the median");
        assertEquals(0.8413, shareBetween(logNormal, 0, Math.round(median * Math.exp(sigma))), 0.002, "one sigma above it");
    }

    @Test
    void aTableShrinksToFitTheMemoryItsPayloadsMayTake() {
        int[] sizes = SizeTable.of(SizeShapes.distribution(new SizeSpec("uniform", 1 << 20, 2 << 20, null, null)), 64L << 20);
        assertTrue(sizes.length <= 64 && sizes.length >= SizeTable.MIN_ENTRIES, "1.5 MiB on average: 64 MiB hold about 42 payloads, so 64 "
                + "entries at least (the smallest table): " + sizes.length);
        int[] small = SizeTable.of(SizeShapes.distribution(new SizeSpec("uniform", 100, 200, null, null)), 64L << 20);
        assertEquals(SizeTable.MAX_ENTRIES, small.length);
    }

    @Test
    void badSizeSectionsNameTheirField() {
        assertEquals(List.of(new Issue("mean", "messageSizes.mean must be from min (100) to max (200) bytes, got 300.0")),
                SizeShapes.issues(new SizeSpec("normal", 100, 200, 300.0, 10.0)));
        assertEquals(List.of(new Issue("stddev", "messageSizes.stddev must be above 0 bytes, got 0.0")),
                SizeShapes.issues(new SizeSpec("log-normal", 100, 200, 150.0, 0.0)));
        assertEquals(List.of(new Issue("max", "messageSizes.max must be from min (200) to 67108864 bytes, got 100")),
                SizeShapes.issues(new SizeSpec("uniform", 200, 100, null, null)));
        assertEquals(List.of(new Issue("mean", "messageSizes.mean is not a parameter of uniform sizes (it takes only min and max): remove it")),
                SizeShapes.issues(new SizeSpec("uniform", 1, 2, 1.5, null)));
        assertTrue(SizeShapes.issues(new SizeSpec("lognormal", 1, 2, null, null)).get(0).message()
                .startsWith("messageSizes.distribution 'lognormal' is unknown; did you mean 'log-normal'?"));
    }

    private static int min(int[] sizes) {
        int m = Integer.MAX_VALUE;
        for (int s : sizes) {
            m = Math.min(m, s);
        }
        return m;
    }
}
