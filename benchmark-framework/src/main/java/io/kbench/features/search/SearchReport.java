package io.kbench.features.search;

import io.kbench.model.ResultSection;
import java.util.List;
import java.util.Locale;

/**
 * A max-rate search as the result keeps it: how it was run, every step, and what it found.
 *
 * @param mode find-max, or producerRate 0 (OMB's rate discovery)
 * @param slo the objective, in words
 * @param precision the bisection's precision, as a share (0.05: 5%)
 * @param settleMillis each step's settling time
 * @param stepMillis each step's measurement
 * @param confirmMillis the confirmation's measurement
 * @param budgetMillis the time the search could take (confirmation excluded)
 * @param seedRate the first rate tried, msg/s
 * @param seedSource where it came from: producerRate, producerStartRate or probe
 * @param probeAchievedRate what the probe achieved, msg/s; null without a probe
 * @param steps every step, in order
 * @param outcome confirmed, unconfirmed, incomplete, client-bound or no-pass
 * @param maxRate the highest rate confirmed, msg/s; null unless confirmed
 * @param maxMBps the same in payload MB/s
 * @param lowerBoundRate the highest rate that passed, msg/s, or null
 * @param upperBoundRate the lowest rate that failed above it, msg/s, or null
 * @param conclusion how the search ended, in words
 * @param finalLine the line that states the answer
 * @param elapsedMillis how long the search took, confirmation included
 * @param clientLimit the step at which the clients, not the cluster, were the limit, or null; with a
 *     confirmed rate, that rate is a lower bound: the cluster sustained at least it
 */
public record SearchReport(
        String mode,
        String slo,
        double precision,
        long settleMillis,
        long stepMillis,
        long confirmMillis,
        long budgetMillis,
        double seedRate,
        String seedSource,
        Double probeAchievedRate,
        List<StepResult> steps,
        String outcome,
        Double maxRate,
        Double maxMBps,
        Double lowerBoundRate,
        Double upperBoundRate,
        String conclusion,
        String finalLine,
        long elapsedMillis,
        MaxRateSearch.ClientLimit clientLimit) implements ResultSection {

    public static final String CONFIRMED = "confirmed";

    public boolean confirmed() {
        return CONFIRMED.equals(outcome);
    }

    /**
     * "max sustainable rate: 48,000 msg/s (4.58 MB/s) with publish p99 12.1 ms <= 50 ms", or why
     * there is no answer, with the bounds found.
     */
    public static String compose(String outcome, StepResult confirmedStep, Slo slo, Double lower, Double upper, String conclusion) {
        return compose(outcome, confirmedStep, slo, lower, upper, conclusion, null);
    }

    /**
     * As {@link #compose(String, StepResult, Slo, Double, Double, String)}; when the clients were the
     * limit, a confirmed rate is stated as a lower bound, with what the clients reached.
     */
    public static String compose(String outcome, StepResult confirmedStep, Slo slo, Double lower, Double upper, String conclusion,
                                 MaxRateSearch.ClientLimit clientLimit) {
        return compose(outcome, confirmedStep, slo, lower, upper, conclusion, clientLimit, null);
    }

    /**
     * As {@link #compose(String, StepResult, Slo, Double, Double, String, MaxRateSearch.ClientLimit)}, with what would
     * lift the clients' limit (e.g. "a second producer ... would let them reach about twice as much"), or null.
     */
    public static String compose(String outcome, StepResult confirmedStep, Slo slo, Double lower, Double upper, String conclusion,
                                 MaxRateSearch.ClientLimit clientLimit, String lift) {
        if (confirmedStep != null && clientLimit != null) {
            String reached = clientLimit.reachedRate() == null ? "" : String.format(Locale.ROOT, " (the bound is %.0f%% of that)",
                    100 * confirmedStep.requestedRate() / clientLimit.reachedRate());
            return String.format(Locale.ROOT, "max sustainable rate: at least %,.0f msg/s (%.2f MB/s) with %s: the clients, "
                    + "not the cluster, set this bound: %s%s. %s", confirmedStep.requestedRate(), confirmedStep.achievedMBps(),
                    objectiveMet(confirmedStep, slo), clientLimit.figures(), reached,
                    lift == null ? "Add producers or workers to go further." : lift);
        }
        if (confirmedStep != null) {
            return String.format(Locale.ROOT, "max sustainable rate: %,.0f msg/s (%.2f MB/s) with %s", confirmedStep.requestedRate(),
                    confirmedStep.achievedMBps(), objectiveMet(confirmedStep, slo));
        }
        String bounds = lower == null ? "" : upper == null
                ? String.format(Locale.ROOT, "; %,.0f msg/s passed", lower)
                : String.format(Locale.ROOT, "; the limit lies between %,.0f msg/s (passed) and %,.0f msg/s (failed)", lower, upper);
        return "no max sustainable rate (" + outcome + "): " + conclusion + bounds;
    }

    /** The figures the objective bounds, each with its bound; publish p99 when throughput only. */
    private static String objectiveMet(StepResult s, Slo slo) {
        if (slo.bounds().isEmpty()) {
            return "publish p99 " + Slo.ms(s.publishLatency().p99Micros()) + " ms (objective: throughput only)";
        }
        return String.join(", ", slo.bounds().stream().map(b -> b.metric() + " " + b.stat() + " "
                + Slo.ms(b.valueIn(s)) + " ms " + (b.strict() ? "<" : "<=") + " " + Slo.ms(b.limitMicros()) + " ms").toList());
    }
}
