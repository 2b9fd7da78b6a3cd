package io.kbench.features.faults;

import io.kbench.features.Feature;
import io.kbench.features.RunControl;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.model.ResultSection;
import io.kbench.features.ReportParts;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.page.Fmt;
import io.kbench.page.TableSpec;
import io.kbench.time.Attempt;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** Faults of the cluster the run starts (broker kills, pauses, restarts, network freezes and delays), timed like Trogdor's. */
public final class FaultsFeature implements Feature {

    @Override
    public String name() {
        return "faults";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(new SectionType("faults", FaultTimeline.class, FaultTimeline.NONE));
    }

    /** The faults run on a timeline from the measurement's start, beside the phases. */
    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        if (run.spec().events().faults().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RunPart() {
            private RunControl control;
            private FaultRunner timeline;
            private List<FaultEvent> events = List.of();

            @Override
            public void loadStarted(RunControl control) {
                this.control = control;
                timeline = new FaultRunner(run.spec().events().faults(), run.layout().topics().get(0).name(), control.faults(),
                        control.clock(), control.loadStartNanos(), control::line);
            }

            @Override
            public void measurementStarted() {
                timeline.start(control.clock().nanoTime());
            }

            /** The measurement ends on time: faults not yet due are dropped; one under way finishes while the run drains. */
            @Override
            public void measurementEnded() {
                timeline.endMeasurement();
            }

            @Override
            public void phasesEnded() {
                if (timeline != null) {
                    events = timeline.stop();
                }
            }

            @Override
            public Optional<ResultSection> section(RunFindings findings) {
                return timeline == null ? Optional.empty() : Optional.of(new FaultTimeline(events));
            }
        });
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        FaultTimeline faults = run.section(FaultTimeline.class);
        if (faults == null || faults.events().isEmpty()) {
            return;
        }
        TableSpec t = new TableSpec("Faults", List.of("type", "broker", "planned after (ms)", "applied at (s since load start)",
                "applied at", "duration (ms)", "outcome"));
        for (FaultEvent f : faults.events()) {
            FaultEvent.Planned p = f.planned();
            Optional<Attempt> at = f.attempt();
            t.row(List.of(p.type().written(), text(p.broker()), Long.toString(p.plannedAfterMillis()),
                    at.map(a -> String.format(Locale.ROOT, "%.1f", a.elapsedMicros() / 1e6)).orElse("—"),
                    at.map(Attempt::at).orElse("—"), text(p.durationMillis()), f.outcome()));
            if (at.isPresent()) { // never tried: listed in the table, not marked
                String what = p.type().written() + (p.broker().isPresent() ? " broker " + p.broker().getAsInt() : "")
                        + (p.durationMillis().isPresent() && p.durationMillis().getAsLong() > 0
                        ? " for " + Fmt.grouped(p.durationMillis().getAsLong(), 0) + " ms" : "");
                parts.mark(at.get().elapsedMicros() / 1e6, "fault: " + what);
            }
        }
        parts.table(t);
    }

    private static String text(OptionalInt value) {
        return value.isPresent() ? Integer.toString(value.getAsInt()) : "—";
    }

    private static String text(OptionalLong value) {
        return value.isPresent() ? Long.toString(value.getAsLong()) : "—";
    }
}
