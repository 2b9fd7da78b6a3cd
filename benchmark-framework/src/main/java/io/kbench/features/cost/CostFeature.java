package io.kbench.features.cost;

import io.kbench.features.CommandContext;
import io.kbench.features.Feature;
import io.kbench.features.FeatureCommand;
import io.kbench.features.FeatureOptions;
import io.kbench.features.ReportParts;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.page.TableSpec;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What measured runs cost with a dated, sourced price file: {@code bin/benchmark cost} on results, and a run given
 * {@code --prices} (its cost section, one summary line and a table in its report).
 */
public final class CostFeature implements Feature {

    @Override
    public String name() {
        return "cost";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("cost", CostSection.class));
    }

    @Override
    public Optional<FeatureOptions> runOptions() {
        return Optional.of(new CostRunOptions());
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        return run.settings(CostRunOptions.class).filter(CostRunOptions::given)
                .map(o -> new CostRunPart(o.priceFile(), o.setup(), Clock.systemUTC()));
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        CostSection cost = run.section(CostSection.class);
        if (cost != null) {
            if (cost.priceWarning() != null) {
                lines.line(SummaryLines.Slot.CLOSING, cost.priceWarning());
            }
            lines.line(SummaryLines.Slot.CLOSING, cost.line());
        }
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        CostSection cost = run.section(CostSection.class);
        if (cost == null) {
            return;
        }
        TableSpec table = new TableSpec("Cost, with the prices of " + cost.priceFile() + " (" + cost.priceName() + ", dated "
                + cost.priceDate() + ")", List.of("part", "$ per hour", "how"));
        for (CostSection.PartCost p : cost.parts()) {
            table.row(List.of(p.name(), p.usdPerHour() == null ? "not priced" : RunCost.perHour(p.usdPerHour()), p.detail()));
        }
        List<String> notes = new ArrayList<>();
        notes.add(cost.line());
        if (cost.priceWarning() != null) {
            notes.add(cost.priceWarning());
        }
        table.row(List.of("total", RunCost.perHour(cost.usdPerHour()), RunCost.money(cost.usdPerMonth()) + " per month (730 h)"
                + (cost.notPriced().isEmpty() ? "" : "; not priced, left out: " + String.join(", ", cost.notPriced()))));
        parts.table(table.note(String.join(" ", notes)));
    }

    @Override
    public List<FeatureCommand> commands() {
        return List.of(new FeatureCommand() {
            @Override
            public String name() {
                return "cost";
            }

            @Override
            public boolean runsWorkloads() {
                return false;
            }

            @Override
            public Object create(CommandContext context) {
                return new CostCommand(context.out(), context.err(), Clock.systemUTC());
            }
        });
    }
}
