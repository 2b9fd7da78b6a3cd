package io.kbench.workload;

import io.kbench.config.DurationParser;
import io.kbench.driver.NearestName;
import java.util.List;
import java.util.Locale;

/** The checks of a workload's {@code drift:} section: one problem per mistake, naming the field and what is allowed. */
final class DriftChecks {

    private DriftChecks() {}

    static void check(Workload w, List<Problem> problems) {
        DriftSpec d = w.drift();
        if (d == null) {
            return;
        }
        String allowed = String.join(", ", DriftSpec.METRICS);
        if (d.metrics() != null) {
            if (d.metrics().isEmpty()) {
                problems.add(new Problem("drift", "drift.metrics is empty: name the figures to judge (" + allowed
                        + "), or leave metrics out to judge every one the run measures", List.of("drift", "metrics")));
            }
            for (int i = 0; i < d.metrics().size(); i++) {
                String m = d.metrics().get(i);
                if (m == null || !DriftSpec.METRICS.contains(m.trim().toLowerCase(Locale.ROOT))) {
                    String nearest = m == null ? null : NearestName.find(m, DriftSpec.METRICS).orElse(null);
                    problems.add(new Problem("drift", "drift.metrics[" + i + "] " + (m == null ? "is empty" : "'" + m + "' is unknown")
                            + (nearest == null ? "" : "; did you mean '" + nearest + "'?") + " Allowed: " + allowed,
                            List.of("drift", "metrics", i)));
                }
            }
        }
        if (d.minimumWindow() != null && d.minimumWindow().compareTo(DriftSpec.SHORTEST_MINIMUM_WINDOW) < 0) {
            problems.add(new Problem("drift", "drift.minimumWindow " + DurationParser.format(d.minimumWindow())
                    + " is shorter than its minimum: at least " + DurationParser.format(DriftSpec.SHORTEST_MINIMUM_WINDOW)
                    + " (a trend needs " + DriftSpec.MINIMUM_PERIODS + " periods or more, e.g. --sample-interval 1s)",
                    List.of("drift", "minimumWindow")));
        }
        if (d.alpha() != null && !(d.alpha() > 0 && d.alpha() <= DriftSpec.LARGEST_ALPHA)) {
            problems.add(new Problem("drift", String.format(Locale.ROOT, "drift.alpha %s is out of range: above 0 and at most %s "
                    + "(the chance of calling a flat figure drifting; default %s)", d.alpha(), DriftSpec.LARGEST_ALPHA,
                    DriftSpec.DEFAULT_ALPHA), List.of("drift", "alpha")));
        }
        if (w.countMode() || w.consumeOnly()) {
            problems.add(new Problem("drift", "drift judges the figures of a timed measurement: use testDuration instead of "
                    + (w.countMode() ? "messageCount" : "a consume-only run") + ", or remove drift", List.of("drift")));
        }
    }
}
