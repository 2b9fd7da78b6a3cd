package io.kbench.features.search;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.Diagnosis;
import io.kbench.model.Measurement;
import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The search and the step verdicts together against a simulated cluster whose latency rises with
 * load as a queue's does (p99 = 2 ms / (1 − load)) and whose throughput stops at its capacity:
 * a latency objective binds below the capacity, where throughput alone does not.
 */
class LatencyBoundSearchTest {

    private static final double CAPACITY = 40_000;

    /** One simulated 10 s step at {@code rate}, with up to 3% noise on the throughput and 10% on the latency. */
    private static Measurement step(double rate, Random noise) {
        double achieved = Math.min(rate, CAPACITY * (1 - 0.03 * noise.nextDouble()));
        double load = Math.min(0.995, rate / CAPACITY);
        long p99Micros = Math.round(2_000 / (1 - load) * (1 + 0.1 * noise.nextDouble()));
        long acked = Math.round(achieved * 10);
        LatencySummary p = new LatencySummary(acked, p99Micros / 3.0, p99Micros / 3, p99Micros / 2, p99Micros, p99Micros,
                p99Micros, p99Micros, p99Micros, p99Micros);
        return new Measurement(0, 10_000_000, new Counts(acked, acked, acked, 0, acked, acked, 0), achieved, achieved / 1000, 0,
                rate, rate, false, 0, achieved, 1, p, p, LatencySummary.EMPTY, p, LatencyHistograms.empty(), List.of(), List.of());
    }

    private static MaxRateSearch search(Slo slo, long seed) {
        Random noise = new Random(seed);
        MaxRateSearch search = new MaxRateSearch(2_000, 0.05);
        for (Double rate = search.nextRate(); rate != null; rate = search.nextRate()) {
            StepJudge.Verdict v = StepJudge.judge(new StepJudge.StepFigures(step(rate, noise), rate, 0, 0, 0, 0), slo,
                    Diagnosis.NONE);
            search.record(rate, v.passed(), v.clientBound(), String.join("; ", v.reasons()));
        }
        return search;
    }

    @Test
    void aLatencyObjectiveFindsALowerRateThanThroughputAloneAndMeetsIt() {
        for (long seed = 1; seed <= 20; seed++) {
            MaxRateSearch throughput = search(Slo.THROUGHPUT_ONLY, seed);
            MaxRateSearch latency = search(Slo.parse("publish.p99<=20ms"), seed);
            assertTrue(throughput.confirmed() && latency.confirmed(), throughput.conclusion() + " / " + latency.conclusion());
            // p99 reaches 20 ms at 90% load without noise, earlier with it.
            assertTrue(latency.lastPass() <= 0.9 * CAPACITY, "seed " + seed + ": " + latency.lastPass());
            assertTrue(latency.lastPass() < throughput.lastPass(), "seed " + seed + ": " + latency.lastPass() + " vs "
                    + throughput.lastPass());
            assertTrue(throughput.lastPass() <= CAPACITY, "seed " + seed + ": " + throughput.lastPass());
        }
    }
}
