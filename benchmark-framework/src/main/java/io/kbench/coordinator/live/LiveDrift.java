package io.kbench.coordinator.live;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.trend.MannKendall;
import io.kbench.stats.trend.TheilSen;
import io.kbench.workload.DriftSpec;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The drift so far of a run under way: each {@link TrendFigure} over the measured periods received so far (the
 * {@code measure} phase's, after the warmup), kept in a {@link BoundedSeries} of at most {@value #MAX_POINTS} points.
 * Times are the periods' own ({@link PeriodSummary#elapsedMicros()}), so no clock is read here. The coordinator's
 * thread adds periods; each one publishes an immutable {@link Snapshot} whose trends a scrape computes once.
 *
 * <p>A capacity search measures many steps, each at its own rate: there is no one measurement to judge, so once a
 * probe or settle phase is seen nothing is judged any more (as the drift feature judges no search).
 */
final class LiveDrift {

    /** The most points each figure's trend is computed over: 125,000 slopes each, tens of milliseconds a period for the four. */
    static final int MAX_POINTS = 500;
    /** The fewest periods with a value judged: the drift feature's minimum, below which the test's approximation is off. */
    static final int MINIMUM_PERIODS = DriftSpec.MINIMUM_PERIODS;

    private final int maxPoints;
    private final Map<TrendFigure, BoundedSeries> series = new EnumMap<>(TrendFigure.class);
    private long firstEndMicros = -1;
    private boolean search;

    LiveDrift() {
        this(MAX_POINTS);
    }

    LiveDrift(int maxPoints) {
        this.maxPoints = maxPoints;
        for (TrendFigure f : TrendFigure.values()) {
            series.put(f, new BoundedSeries(maxPoints));
        }
    }

    /** A period merged: counted when measured (the {@code measure} phase) and the run is not a search. */
    void add(PeriodSummary p) {
        if (p.phase() != Phase.MEASURE || search) {
            return;
        }
        if (firstEndMicros < 0) {
            firstEndMicros = p.elapsedMicros();
        }
        double hours = (p.elapsedMicros() - firstEndMicros) / 3.6e9;
        for (TrendFigure f : TrendFigure.values()) {
            double v = f.valueIn(p);
            if (!Double.isNaN(v)) {
                series.get(f).add(hours, v);
            }
        }
    }

    /** A phase begins: a search's probe or settle ends the judging for this run. */
    void phase(Phase phase) {
        if (phase == Phase.PROBE || phase == Phase.SETTLE) {
            search = true;
        }
    }

    /** The points so far, to be judged when asked. */
    Snapshot snapshot() {
        Map<TrendFigure, BoundedSeries.Points> points = new EnumMap<>(TrendFigure.class);
        for (TrendFigure f : TrendFigure.values()) {
            points.put(f, search ? BoundedSeries.Points.NONE : series.get(f).points());
        }
        return new Snapshot(points);
    }

    /** The points of one moment; their trends are computed at the first scrape that asks and kept. */
    static final class Snapshot {

        static final Snapshot NONE = new LiveDrift(2).snapshot();

        private final Map<TrendFigure, BoundedSeries.Points> points;
        private List<FigureTrend> trends;

        private Snapshot(Map<TrendFigure, BoundedSeries.Points> points) {
            this.points = points;
        }

        /** One trend per figure, in {@link TrendFigure}'s order. */
        synchronized List<FigureTrend> trends() {
            if (trends == null) {
                List<FigureTrend> all = new ArrayList<>();
                points.forEach((f, p) -> all.add(trend(f, p)));
                trends = List.copyOf(all);
            }
            return trends;
        }

        private static FigureTrend trend(TrendFigure f, BoundedSeries.Points p) {
            int n = p.values().length;
            if (n < MINIMUM_PERIODS) { // never more points than periods: too few of either
                return FigureTrend.unjudged(f, p.periods(), n);
            }
            double slope = TheilSen.slope(p.hours(), p.values());
            if (Double.isNaN(slope)) {
                return FigureTrend.unjudged(f, p.periods(), n);
            }
            return new FigureTrend(f, p.periods(), n, true, slope, MannKendall.corrected(p.values()).pValue());
        }
    }
}
