package io.kbench.features.drift;

import io.kbench.model.Phase;
import io.kbench.model.PeriodSummary;
import io.kbench.stats.LatencySummary;
import io.kbench.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;

/**
 * Measured periods made on a {@link ManualClock}: the clock moves one period per period, and each period's publish
 * p99, end-to-end p99 (publish + 2 ms), throughput and lag come from the functions of its index.
 */
final class SyntheticRun {

    private SyntheticRun() {}

    static List<PeriodSummary> periods(int count, long periodMillis, IntToDoubleFunction publishP99Ms, IntToDoubleFunction rate,
                                       IntToDoubleFunction lag) {
        ManualClock clock = new ManualClock();
        long start = clock.nanoTime();
        List<PeriodSummary> periods = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            clock.advanceMillis(periodMillis);
            long elapsedMicros = (clock.nanoTime() - start) / 1_000;
            long p99 = Math.round(publishP99Ms.applyAsDouble(i) * 1e3);
            periods.add(new PeriodSummary(Phase.MEASURE, elapsedMicros, periodMillis * 1_000, rate.applyAsDouble(i), 1, 0,
                    rate.applyAsDouble(i), 1, Math.round(lag.applyAsDouble(i)), 0, latency(p99), latency(p99), LatencySummary.EMPTY,
                    latency(p99 + 2_000), 0.2, false, 1_000, 0));
        }
        return periods;
    }

    /** {@code count} periods of 1 s with only the publish p99 given; flat throughput (1,000 msg/s) and lag (50). */
    static List<PeriodSummary> publishP99(int count, IntToDoubleFunction publishP99Ms) {
        return periods(count, 1_000, publishP99Ms, i -> 1_000, i -> 50);
    }

    private static LatencySummary latency(long p99Micros) {
        return new LatencySummary(1_000, p99Micros / 2.0, p99Micros / 2, p99Micros / 2, p99Micros, p99Micros, p99Micros, p99Micros,
                p99Micros, p99Micros);
    }
}
