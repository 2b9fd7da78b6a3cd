package io.kbench.coordinator;

import io.kbench.model.PeriodSummary;
import io.kbench.stats.LatencySummary;
import java.util.Locale;

/** Formats a {@link PeriodSummary} as one progress line with units on every number. */
public final class ProgressPrinter {

    private ProgressPrinter() {}

    public static String line(PeriodSummary p, long phaseStartMicros) {
        StringBuilder b = new StringBuilder(200);
        b.append(String.format(Locale.ROOT, "[%-7s %6.1fs] ", p.phase().label(), (p.elapsedMicros() - phaseStartMicros) / 1e6));
        b.append(String.format(Locale.ROOT, "pub %,.0f msg/s %.2f MB/s", p.publishRate(), p.publishMBps()));
        if (p.requestedRate() >= 0) {
            b.append(String.format(Locale.ROOT, " (req %,.0f)", p.requestedRate()));
        }
        if (p.publishErrorRate() > 0) {
            b.append(String.format(Locale.ROOT, " (errors %,.0f/s)", p.publishErrorRate()));
        }
        b.append(String.format(Locale.ROOT, " | cons %,.0f msg/s %.2f MB/s | backlog %,d msg", p.consumeRate(), p.consumeMBps(),
                p.backlogMessages()));
        b.append(" | pub lat ").append(millis(p.publishLatency()));
        if (p.endToEndLatency().count() > 0) {
            b.append(" | e2e ").append(millis(p.endToEndLatency()));
        }
        b.append(String.format(Locale.ROOT, " | cpu %.0f%%", p.maxWorkerCpu() * 100));
        return b.toString();
    }

    static String millis(LatencySummary s) {
        return String.format(Locale.ROOT, "p50 %s p99 %s ms", ms(s.p50Micros()), ms(s.p99Micros()));
    }

    /** Milliseconds with three significant digits. */
    static String ms(double micros) {
        double ms = micros / 1_000.0;
        if (ms >= 100) {
            return String.format(Locale.ROOT, "%.0f", ms);
        }
        if (ms >= 10) {
            return String.format(Locale.ROOT, "%.1f", ms);
        }
        return String.format(Locale.ROOT, "%.2f", ms);
    }
}
