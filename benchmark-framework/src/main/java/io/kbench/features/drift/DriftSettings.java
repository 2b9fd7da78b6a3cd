package io.kbench.features.drift;

import io.kbench.workload.DriftSpec;
import io.kbench.workload.Workload;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How one run's drift is judged: the workload's {@code drift:} section with its defaults filled in.
 *
 * @param figures the figures judged, in {@link Figure}'s order
 * @param minimumWindow the shortest measured span judged
 * @param alpha the significance level
 */
record DriftSettings(List<Figure> figures, Duration minimumWindow, double alpha) {


    /**
     * The settings of a run: the figures the workload names, or by default each one the run measures (a ramped or
     * stepped rate's throughput moves by design, so it is judged only when named).
     */
    static DriftSettings of(Workload workload, RunSpec spec) {
        DriftSpec d = workload.drift();
        boolean produces = spec.topology().producersPerTopic() > 0;
        boolean consumes = produces && spec.topology().subscriptionsPerTopic() > 0;
        List<Figure> figures = new ArrayList<>();
        for (Figure f : Figure.values()) {
            boolean measured = switch (f) {
                case THROUGHPUT, PUBLISH_P99 -> produces;
                case END_TO_END_P99 -> consumes;
                case CONSUMER_LAG -> consumes && workload.backlogSubscriptions() > 0;
            };
            boolean named = d != null && d.metrics() != null && d.metrics().stream().anyMatch(m -> Figure.byLabel(m).orElse(null) == f);
            boolean wanted = d != null && d.metrics() != null ? named : f != Figure.THROUGHPUT || !spec.shapedRate();
            if (measured && wanted) {
                figures.add(f);
            }
        }
        Duration window = d == null || d.minimumWindow() == null ? DriftSpec.DEFAULT_MINIMUM_WINDOW : d.minimumWindow();
        double alpha = d == null || d.alpha() == null ? DriftSpec.DEFAULT_ALPHA : d.alpha();
        return new DriftSettings(figures, window, alpha);
    }
}
