package io.kbench.features.operations;

import io.kbench.model.PeriodSummary;
import io.kbench.stats.LatencyHistograms;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The periods of the measurement, kept so that any window of it can be judged exactly: each period's publish and
 * end-to-end latencies added up over the workers, in histograms of 2 significant digits (1 % resolution, about a
 * tenth of the memory of the run's own), with its rates. Holds the newest {@link #MAX_PERIODS} periods at most, so
 * a run of days stays within a few MB; a window older than that is judged on what is left, and says its length.
 * Fed on the coordinator's thread and read on the operations' thread: synchronized.
 */
final class ImpactWindows {

    /** The periods kept: an hour of 1 s periods. */
    static final int MAX_PERIODS = 3_600;

    private final Deque<Period> periods = new ArrayDeque<>();
    private final long fromElapsedMicros;

    /** One period, as kept. */
    private record Period(long startMicros, long endMicros, Histogram publish, Histogram endToEnd, double acked, double errors,
                          double requestedRate) {

        long midMicros() {
            return (startMicros + endMicros) / 2;
        }
    }

    /** @param fromElapsedMicros periods ending before this (the warmup) are not kept */
    ImpactWindows(long fromElapsedMicros) {
        this.fromElapsedMicros = fromElapsedMicros;
    }

    /** Keeps one period: its figures and each worker's latencies in it. */
    synchronized void add(PeriodSummary period, List<LatencyHistograms> workers) {
        if (period.elapsedMicros() <= fromElapsedMicros || !period.phase().measured()) {
            return;
        }
        Histogram publish = compact();
        Histogram endToEnd = compact();
        for (LatencyHistograms w : workers) {
            publish.add(w.publish());
            endToEnd.add(w.endToEnd());
        }
        double seconds = period.durationMicros() / 1e6;
        periods.addLast(new Period(period.elapsedMicros() - period.durationMicros(), period.elapsedMicros(), publish, endToEnd,
                period.publishRate() * seconds, period.publishErrorRate() * seconds, period.requestedRate()));
        while (periods.size() > MAX_PERIODS) {
            periods.removeFirst();
        }
    }

    private static Histogram compact() {
        Histogram h = new Histogram(2);
        h.setAutoResize(true);
        return h;
    }

    /**
     * The figures over the periods whose middle lies within {@code [fromMicros, toMicros)} on the periods' axis (from
     * the start of the load).
     */
    synchronized WindowFigures over(long fromMicros, long toMicros) {
        Histogram publish = compact();
        Histogram endToEnd = compact();
        long micros = 0;
        double acked = 0;
        double errors = 0;
        double requested = 0;
        long requestedMicros = 0;
        int n = 0;
        for (Period p : periods) {
            if (p.midMicros() < fromMicros || p.midMicros() >= toMicros) {
                continue;
            }
            n++;
            long length = p.endMicros() - p.startMicros();
            micros += length;
            publish.add(p.publish());
            endToEnd.add(p.endToEnd());
            acked += p.acked();
            errors += p.errors();
            if (p.requestedRate() >= 0) {
                requested += p.requestedRate() * length;
                requestedMicros += length;
            }
        }
        if (n == 0) {
            return WindowFigures.NONE;
        }
        return new WindowFigures(micros / 1_000, n, at(publish, 50), at(publish, 99), at(publish, 99.9), at(endToEnd, 50),
                at(endToEnd, 99), at(endToEnd, 99.9), requestedMicros == 0 ? null : requested / requestedMicros,
                acked / (micros / 1e6), Math.round(errors), null);
    }

    /** The window of {@code lengthMicros} that ends at {@code endMicros}, within what is kept. */
    WindowFigures before(long endMicros, long lengthMicros) {
        return over(endMicros - lengthMicros, endMicros);
    }

    private static Long at(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? null : h.getValueAtPercentile(percentile);
    }
}
