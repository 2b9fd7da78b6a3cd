package io.kbench.coordinator.live;

/**
 * One figure's drift so far: the Theil–Sen slope and the Mann–Kendall p-value over the measured periods received so
 * far, as the drift feature computes them on the whole measurement.
 *
 * @param figure the figure
 * @param periods measured periods so far that had a value of it
 * @param points the points the tests read: the periods, or their means in blocks once there are more than
 *     {@link LiveDrift#MAX_POINTS}
 * @param judged whether there were enough periods ({@link LiveDrift#MINIMUM_PERIODS}) to judge; when not, the slope and
 *     p-value are NaN, never 0
 * @param slopePerHour the Theil–Sen slope, in the figure's unit per hour; NaN when not judged
 * @param pValue the Mann–Kendall test's two-sided p-value, corrected for neighbouring periods that move together; NaN
 *     when not judged
 */
record FigureTrend(TrendFigure figure, int periods, int points, boolean judged, double slopePerHour, double pValue) {

    static FigureTrend unjudged(TrendFigure figure, int periods, int points) {
        return new FigureTrend(figure, periods, points, false, Double.NaN, Double.NaN);
    }
}
