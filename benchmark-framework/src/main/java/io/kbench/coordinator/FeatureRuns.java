package io.kbench.coordinator;

import io.kbench.features.Feature;
import io.kbench.features.Features;
import io.kbench.features.PlanBuilder;
import io.kbench.features.RunControl;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.RunView;
import io.kbench.model.Diagnosis;
import io.kbench.model.ResultSection;
import io.kbench.model.PeriodSummary;
import io.kbench.stats.LatencyHistograms;
import io.kbench.util.Errors;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The features' parts in one run ({@link Feature#coordinate}), called in registration order at each step of the run. */
final class FeatureRuns {

    private static final Logger log = LoggerFactory.getLogger(FeatureRuns.class);

    private final Map<Feature, RunPart> parts;

    private FeatureRuns(Map<Feature, RunPart> parts) {
        this.parts = parts;
    }

    /** Asks every feature whether it takes part in the run. */
    static FeatureRuns of(RunSetup setup) {
        Map<Feature, RunPart> parts = new LinkedHashMap<>();
        for (Feature f : Features.all()) {
            f.coordinate(setup).ifPresent(p -> parts.put(f, p));
        }
        return new FeatureRuns(parts);
    }

    void plan(PlanBuilder plan) {
        parts.values().forEach(p -> p.plan(plan));
    }

    void loadStarted(RunControl control) {
        parts.values().forEach(p -> p.loadStarted(control));
    }

    void sampled(PeriodSummary period, List<LatencyHistograms> workerLatencies) {
        parts.values().forEach(p -> p.sampled(period, workerLatencies));
    }

    void measurementStarted() {
        parts.values().forEach(RunPart::measurementStarted);
    }

    void measurementEnded() {
        parts.values().forEach(RunPart::measurementEnded);
    }

    /** The phases are over: each part stops what it runs; one that fails is logged, and the others still stop. */
    void phasesEnded() {
        each(RunPart::phasesEnded);
    }

    /** Each part's section, from the findings as that feature sees them. */
    List<ResultSection> sections(Function<Feature, RunFindings> findings) {
        List<ResultSection> sections = new ArrayList<>();
        parts.forEach((f, p) -> p.section(findings.apply(f)).ifPresent(sections::add));
        return sections;
    }

    /** The parts' findings of what limited the run, to be asked once its result is assembled. */
    List<Function<RunView, Optional<Diagnosis>>> limits() {
        return parts.values().stream().<Function<RunView, Optional<Diagnosis>>>map(p -> p::limit).toList();
    }

    /** The parts' verdicts on the finished run, to be asked once its status and diagnosis are judged. */
    List<Function<RunView, Optional<ResultSection>>> verdicts() {
        return parts.values().stream().<Function<RunView, Optional<ResultSection>>>map(p -> p::verdict).toList();
    }

    private void each(Consumer<RunPart> hook) {
        parts.forEach((f, p) -> {
            try {
                hook.accept(p);
            } catch (RuntimeException e) {
                log.warn("Feature {} failed to stop: {}", f.name(), Errors.describe(e));
            }
        });
    }
}
