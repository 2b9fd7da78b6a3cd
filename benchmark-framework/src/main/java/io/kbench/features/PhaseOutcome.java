package io.kbench.features;

import io.kbench.model.Diagnosis;
import io.kbench.model.Measurement;
import io.kbench.model.PeriodSummary;
import io.kbench.model.ResultSection;
import java.util.List;
import java.util.Optional;

/**
 * What a feature's phase measured: its section of the result, and, for a phase that chose the run's
 * measured window (a search's confirmation), that window.
 *
 * @param section the feature's section, or null for none
 * @param window the window the run reports instead of its own, or null to keep the run's
 */
public record PhaseOutcome(ResultSection section, ChosenWindow window) {

    /**
     * A measured window a phase chose for the run.
     *
     * @param measurement what the result reports, or null when no step was measured
     * @param periods the progress periods the diagnosis judges (those of that window)
     * @param diagnosis what limited the run, when the phase knows it from elsewhere (a client-bound step), or null:
     *     the periods are judged
     * @param failure why the run failed although it ran to its end (the search confirmed nothing), or null
     */
    public record ChosenWindow(Measurement measurement, List<PeriodSummary> periods, Diagnosis diagnosis, String failure) {

        public ChosenWindow {
            periods = List.copyOf(periods);
        }

        public Optional<Diagnosis> knownDiagnosis() {
            return Optional.ofNullable(diagnosis);
        }
    }

    public static PhaseOutcome of(ResultSection section) {
        return new PhaseOutcome(section, null);
    }
}
