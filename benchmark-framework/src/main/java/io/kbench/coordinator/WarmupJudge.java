package io.kbench.coordinator;

import io.kbench.model.PeriodSummary;
import java.util.List;
import java.util.Locale;

/**
 * Decides whether a warmup has reached steady state: the producers have caught up with their
 * schedule (fewer messages behind than one progress interval sends) and the per-period p99 publish
 * latency has settled (the last {@value #SETTLED_PERIODS} periods within {@value #TOLERANCE} of each
 * other, or within {@value #FLOOR_MICROS} µs, so tiny latencies' noise does not keep it going).
 */
final class WarmupJudge {

    static final int SETTLED_PERIODS = 2;
    static final double TOLERANCE = 0.25;
    static final long FLOOR_MICROS = 5_000;

    /** @param reason why it is not settled yet (or "settled") */
    record Verdict(boolean settled, String reason) {}

    private WarmupJudge() {}

    /**
     * @param warmup the warmup's progress periods so far, oldest first
     * @param intervalMicros the progress interval
     */
    static Verdict judge(List<PeriodSummary> warmup, long intervalMicros) {
        if (warmup.isEmpty()) {
            return new Verdict(false, "no period measured yet");
        }
        PeriodSummary last = warmup.get(warmup.size() - 1);
        if (last.requestedRate() > 0) {
            double allowed = last.requestedRate() * intervalMicros / 1e6;
            if (last.scheduleLagMessages() > allowed) {
                return new Verdict(false, String.format(Locale.ROOT, "the producers are %,d messages behind their schedule "
                        + "(%.1f s at %,.0f msg/s)", last.scheduleLagMessages(), last.scheduleLagMessages() / last.requestedRate(),
                        last.requestedRate()));
            }
        }
        if (warmup.size() < SETTLED_PERIODS) {
            return new Verdict(false, "fewer than " + SETTLED_PERIODS + " periods to compare latency over");
        }
        List<PeriodSummary> recent = warmup.subList(warmup.size() - SETTLED_PERIODS, warmup.size());
        long min = Long.MAX_VALUE;
        long max = 0;
        for (PeriodSummary p : recent) {
            long p99 = p.publishLatency().p99Micros();
            min = Math.min(min, p99);
            max = Math.max(max, p99);
        }
        if (max - min > Math.max(TOLERANCE * max, FLOOR_MICROS)) {
            return new Verdict(false, String.format(Locale.ROOT, "publish p99 has not settled: %.1f to %.1f ms over the last %d periods",
                    min / 1e3, max / 1e3, SETTLED_PERIODS));
        }
        return new Verdict(true, "settled");
    }
}
