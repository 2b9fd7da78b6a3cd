package io.kbench.features.drift;

import io.kbench.model.ResultSection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the run's figures drifted over the measurement (the periods after the warmup), a section of the result:
 * for each figure a Theil–Sen slope and a Mann–Kendall p-value, and a verdict by {@link DriftRule}.
 *
 * @param measuredPeriods the measured periods there were
 * @param periodSeconds their typical length (the median), seconds
 * @param spanSeconds the time they cover, from the first one's start to the last one's end, seconds
 * @param minimumPeriods the fewest periods judged ({@value DriftRule#MINIMUM_PERIODS})
 * @param minimumWindowSeconds the shortest span judged, seconds (the workload's {@code drift.minimumWindow})
 * @param alpha the significance level: a trend counts when its p-value is below it
 * @param materialChange the smallest change over the run, as a share of the figure's median, that counts as drift
 *     ({@value DriftRule#MATERIAL_SHARE})
 * @param tooShort why the run was too short to judge, or null when it was judged
 * @param figures one entry per figure judged, in a fixed order (throughput, publish p99, end-to-end p99, consumer lag)
 */
public record Drift(int measuredPeriods, double periodSeconds, double spanSeconds, int minimumPeriods, double minimumWindowSeconds,
                    double alpha, double materialChange, String tooShort, List<FigureDrift> figures) implements ResultSection {

    public Drift {
        figures = figures == null ? List.of() : List.copyOf(figures);
    }

    /**
     * The summary's line: "Drift: publish p99 +3,600 ms per hour (+30.0 ms over the run, p < 0.001); throughput,
     * end-to-end p99 and consumer lag flat (30 periods over 30 s)", or "Drift: too short to judge (6 periods of 1 s;
     * needs 10)".
     */
    public String line() {
        return "Drift: " + text();
    }

    /** The line without its "Drift: ". */
    public String text() {
        if (tooShort != null) {
            return "too short to judge (" + tooShort + ")";
        }
        List<String> parts = new ArrayList<>();
        List<String> flat = new ArrayList<>();
        List<String> unjudged = new ArrayList<>();
        for (FigureDrift f : figures) {
            if (f.drifted()) {
                parts.add(f.driftText());
            } else if (FigureDrift.FLAT.equals(f.verdict())) {
                flat.add(f.text());
            } else {
                unjudged.add(f.text() + " (" + f.periods() + " periods with a value)");
            }
        }
        boolean none = parts.isEmpty();
        if (!flat.isEmpty()) {
            parts.add(and(flat) + " flat");
        }
        if (!unjudged.isEmpty()) {
            parts.add(and(unjudged) + " too short to judge");
        }
        return (none ? "none: " : "") + String.join("; ", parts)
                + String.format(Locale.ROOT, " (%d periods over %s)", measuredPeriods, seconds(spanSeconds));
    }

    static String seconds(double s) {
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%.1f h", s / 3600);
        }
        if (s >= 120) {
            return String.format(Locale.ROOT, "%.1f min", s / 60);
        }
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f s", s) : String.format(Locale.ROOT, "%.1f s", s);
    }

    private static String and(List<String> items) {
        if (items.size() == 1) {
            return items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }
}
