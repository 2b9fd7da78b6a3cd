package io.kbench.stats;

import org.HdrHistogram.Histogram;

/**
 * Sees everything a worker records, interval by interval (e.g. to export it as metrics). Called
 * while the interval is being moved into the totals, so it must be quick and must not keep the
 * histograms, which are reused.
 */
@FunctionalInterface
public interface DrainObserver {

    void onDrain(Counts interval, Histogram publishLatencyMicros, Histogram endToEndLatencyMicros);
}
