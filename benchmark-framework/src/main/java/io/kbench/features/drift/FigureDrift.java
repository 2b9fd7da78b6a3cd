package io.kbench.features.drift;

import java.util.Locale;

/**
 * Whether one figure drifted over the measurement, a part of the {@link Drift} section.
 *
 * @param figure the figure: {@code throughput}, {@code publish-p99}, {@code end-to-end-p99} or {@code consumer-lag}
 * @param unit its unit, and its slope's per hour: {@code msg/s}, {@code ms} or {@code messages}
 * @param verdict {@code rising}, {@code falling}, {@code flat}, or {@code too short to judge} (fewer periods with a
 *     value than the test needs)
 * @param periods the measured periods that had a value of the figure (a latency needs a message in the period)
 * @param slopePerHour the Theil–Sen slope, in the figure's unit per hour; null when too short to judge
 * @param pValue the Mann–Kendall test's two-sided p-value: how likely a trend this consistent is in a flat series;
 *     null when too short to judge
 * @param median the median of the figure over the periods, in its unit; null when there are none
 * @param changeOverSpan the slope times the span the periods cover: the change over the measurement, in the figure's
 *     unit; null when too short to judge
 * @param relativeChange {@code changeOverSpan} over the median (0.25: up by a quarter); null when too short to judge
 *     or the median is 0
 */
public record FigureDrift(String figure, String unit, String verdict, int periods, Double slopePerHour, Double pValue,
                          Double median, Double changeOverSpan, Double relativeChange) {

    public static final String RISING = "rising";
    public static final String FALLING = "falling";
    public static final String FLAT = "flat";
    public static final String TOO_SHORT = "too short to judge";

    /** Whether the figure rose or fell. */
    public boolean drifted() {
        return RISING.equals(verdict) || FALLING.equals(verdict);
    }

    /** "publish p99 +3.1 ms per hour (+80 ms over the run, p < 0.001)", for a figure that drifted. */
    String driftText() {
        return String.format(Locale.ROOT, "%s %s %s per hour (%s %s over the run, %s)", text(), signed(slopePerHour), unit,
                signed(changeOverSpan), unit, pText(pValue));
    }

    /** As the summary writes it: "publish p99". */
    String text() {
        return Figure.byLabel(figure).map(Figure::text).orElse(figure);
    }

    static String pText(Double p) {
        if (p == null) {
            return "p unknown";
        }
        return p < 0.001 ? "p < 0.001" : String.format(Locale.ROOT, "p = %.3f", p);
    }

    /** "+3.1", "−1,250", "+0.042": three significant digits or whole numbers. */
    static String signed(double v) {
        double a = Math.abs(v);
        String digits = a >= 100 ? String.format(Locale.ROOT, "%,.0f", a) : a >= 10 ? String.format(Locale.ROOT, "%.1f", a)
                : a >= 1 ? String.format(Locale.ROOT, "%.2f", a) : String.format(Locale.ROOT, "%.3g", a);
        return (v < 0 ? "-" : "+") + digits;
    }
}
