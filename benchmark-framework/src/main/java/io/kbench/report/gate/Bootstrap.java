package io.kbench.report.gate;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The gate's noise model: a seeded, hierarchical bootstrap of the relative change of a figure, candidate against
 * baseline. Each resample draws, on each side independently, the runs (with replacement, when the side has
 * repeats) and, within each drawn run, its measured periods in blocks of consecutive periods (a circular block
 * bootstrap: latency in one period leans on the one before, and blocks keep some of that); the side's figure is the
 * mean over its drawn runs of each run's weighted mean over its drawn periods. The interval is the percentile
 * interval of {@code candidate / baseline − 1} over the resamples. With one run a side, only the periods vary: the
 * spread between runs (a different broker start, page cache, JIT, neighbours) is then not seen, which is why
 * repeats are better.
 */
public final class Bootstrap {

    /** Periods a run needs for its periods alone to show its noise (fewer give a handful of distinct resamples). */
    public static final int MIN_PERIODS = 5;

    private final int resamples;
    private final long seed;

    /**
     * @param resamples how many resamples (e.g. 2,000)
     * @param seed the random generator's seed: the same inputs and seed give the same interval
     */
    public Bootstrap(int resamples, long seed) {
        this.resamples = resamples;
        this.seed = seed;
    }

    /**
     * The change of one figure, or why it cannot be judged.
     *
     * @param effectPercent the change of the sides' figures, {@code 100 × (candidate / baseline − 1)}
     * @param lowPercent the interval's low end
     * @param highPercent the interval's high end
     * @param baseline the baseline's figure: the mean over its runs of each run's weighted mean over its periods
     * @param candidate the candidate's, the same way
     * @param noise where the noise came from: {@code repeats} (both sides have several runs), {@code periods} (a side
     *     has one run), or null when not judged
     * @param notJudged why the change cannot be judged, or null
     */
    public record Change(double effectPercent, double lowPercent, double highPercent, double baseline, double candidate, String noise,
                         String notJudged) {}

    /**
     * @param baseline one entry per baseline run
     * @param candidate one entry per candidate run
     * @param confidence the interval's confidence, e.g. 0.95
     */
    public Change change(List<GateFigure.Samples> baseline, List<GateFigure.Samples> candidate, double confidence) {
        String why = cannotJudge(baseline, "baseline");
        if (why == null) {
            why = cannotJudge(candidate, "candidate");
        }
        double base = sideMean(baseline);
        double cand = sideMean(candidate);
        if (why == null && !(base > 0)) {
            why = "the baseline's figure is " + base + ": no relative change can be told";
        }
        double effect = 100 * (cand / base - 1);
        if (why != null) {
            return new Change(effect, Double.NaN, Double.NaN, base, cand, null, why);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] changes = new double[resamples];
        int n = 0;
        for (int r = 0; r < resamples; r++) {
            double b = resampleSide(baseline, random);
            double c = resampleSide(candidate, random);
            if (b > 0 && Double.isFinite(c)) {
                changes[n++] = 100 * (c / b - 1);
            }
        }
        double[] sorted = Arrays.copyOf(changes, n);
        Arrays.sort(sorted);
        double tail = (1 - confidence) / 2;
        boolean repeats = baseline.size() >= 2 && candidate.size() >= 2;
        return new Change(effect, quantile(sorted, tail), quantile(sorted, 1 - tail), base, cand, repeats ? "repeats" : "periods", null);
    }

    /** Why a side's noise cannot be told, or null. */
    private static String cannotJudge(List<GateFigure.Samples> side, String name) {
        if (side.isEmpty() || side.stream().anyMatch(s -> s.size() == 0)) {
            return "a " + name + " run does not have this figure";
        }
        if (side.size() >= 2) {
            return null;
        }
        GateFigure.Samples only = side.get(0);
        if (!only.perPeriod()) {
            return "one " + name + " run: this figure exists once per run, so its noise needs repeats (several runs a side)";
        }
        if (only.size() < MIN_PERIODS) {
            return "one " + name + " run with " + only.size() + " measured period(s): its noise needs repeats or at least " + MIN_PERIODS
                    + " periods (a longer run, or a shorter --sample-interval)";
        }
        return null;
    }

    static double sideMean(List<GateFigure.Samples> side) {
        return side.stream().mapToDouble(GateFigure.Samples::mean).average().orElse(Double.NaN);
    }

    private static double resampleSide(List<GateFigure.Samples> side, SplittableRandom random) {
        double sum = 0;
        for (int i = 0; i < side.size(); i++) {
            GateFigure.Samples run = side.size() == 1 ? side.get(0) : side.get(random.nextInt(side.size()));
            sum += run.perPeriod() && run.size() >= 2 ? run.mean(blocks(run.size(), random)) : run.mean();
        }
        return sum / side.size();
    }

    /**
     * Indices of {@code m} periods drawn as blocks of consecutive ones, m in all; a block may wrap from the last period to
     * the first (a circular block bootstrap), so that every period is as likely to be drawn as any other.
     */
    static int[] blocks(int m, SplittableRandom random) {
        int length = blockLength(m);
        int[] out = new int[m];
        int filled = 0;
        while (filled < m) {
            int start = random.nextInt(m);
            for (int j = 0; j < length && filled < m; j++) {
                out[filled++] = (start + j) % m;
            }
        }
        return out;
    }

    /** The cube root of the periods, rounded (as for the mean of a weakly dependent series): 5 to 15 periods → 2, 16 to 42 → 3. */
    static int blockLength(int m) {
        return Math.max(1, Math.min(m, (int) Math.round(Math.cbrt(m))));
    }

    private static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }
}
