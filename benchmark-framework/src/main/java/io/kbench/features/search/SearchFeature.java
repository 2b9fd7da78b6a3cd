package io.kbench.features.search;

import io.kbench.features.Feature;
import io.kbench.features.FeatureCommand;
import io.kbench.features.PlanBuilder;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.ReportParts;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.page.Section;
import io.kbench.workload.spec.RunSpec;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The max-rate search ({@code find-max}, OMB's {@code producerRate: 0}): measured steps, then a confirmation. */
public final class SearchFeature implements Feature {

    @Override
    public String name() {
        return "search";
    }

    @Override
    public List<FeatureCommand> commands() {
        return List.of(FindMaxCommand.COMMAND);
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("search", SearchReport.class));
    }

    /**
     * Given settings (find-max), or OMB's {@code producerRate: 0}: the search replaces the warmup and the measurement,
     * starting at the seed (or the probe's rate).
     */
    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        RunSpec spec = run.spec();
        Optional<SearchSettings> given = run.settings(SearchSettings.class);
        if (given.isEmpty() && !spec.rateDiscovery()) {
            return Optional.empty();
        }
        SearchSettings settings = given.orElseGet(() -> SearchSettings.ombRateDiscovery(spec.length().warmup(), spec.length().measure()));
        // The seed is the file's: the console names the field it came from.
        SearchPhases phases = new SearchPhases(settings, SearchPhases.givenSeed(run.workload()));
        return Optional.of(new RunPart() {
            @Override
            public void plan(PlanBuilder plan) {
                plan.insteadOfMeasurement(phases, phases.firstRate(), "Search over; producers stopped");
            }
        });
    }

    /** Every step of the search, then its answer; the figures after it are the confirmation's (or the best step's). */
    @Override
    public void summary(RunView run, SummaryLines lines) {
        SearchReport s = run.section(SearchReport.class);
        if (s == null) {
            return;
        }
        SummaryLines.Slot at = SummaryLines.Slot.HEADLINE;
        lines.line(at, String.format(Locale.ROOT, "Max-rate search (%s), SLO %s, precision %.1f%%: %d steps in %.0f s (settle %.0f s, "
                        + "measure %.0f s each)", s.mode(), s.slo(), s.precision() * 100, s.steps().size(), s.elapsedMillis() / 1e3,
                s.settleMillis() / 1e3, s.stepMillis() / 1e3));
        for (StepResult step : s.steps()) {
            lines.line(at, "  " + step.line());
        }
        lines.line(at, s.finalLine());
        lines.line(at, "The figures below are those of " + (s.confirmed() ? "the confirmation at that rate"
                : "the best passing step, or the last step when none passed") + ".");
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        Section charts = SearchCharts.of(run.section(SearchReport.class));
        if (charts != null) {
            parts.section(charts);
        }
    }
}
