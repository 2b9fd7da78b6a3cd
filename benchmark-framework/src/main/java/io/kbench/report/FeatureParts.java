package io.kbench.report;

import io.kbench.features.Feature;
import io.kbench.features.Features;
import io.kbench.features.ReportParts;
import io.kbench.features.RunView;
import io.kbench.page.Section;
import io.kbench.page.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the features add to one run's part of the report, gathered once from each feature's {@link Feature#report}. */
final class FeatureParts implements ReportParts {

    /** A mark on the time series: seconds since the load started, and what happened. */
    record Mark(double at, String label) {}

    /** A stretch shaded on the time series: from and to in seconds since the load started, and what it was. */
    record Span(double from, double to, String label) {}

    static final FeatureParts NONE = new FeatureParts();

    final List<Object> overview = new ArrayList<>(); // TableSpec or Section, in the order given
    final List<TableSpec> details = new ArrayList<>();
    final List<Mark> marks = new ArrayList<>();
    final List<Span> spans = new ArrayList<>();
    final Map<String, TableSpec.Cell> summaryRows = new LinkedHashMap<>();

    static FeatureParts of(RunView run) {
        FeatureParts parts = new FeatureParts();
        for (Feature f : Features.all()) {
            f.report(run, parts);
        }
        return parts;
    }

    @Override
    public void table(TableSpec table) {
        details.add(table);
    }

    @Override
    public void overviewTable(TableSpec table) {
        overview.add(table);
    }

    @Override
    public void section(Section section) {
        overview.add(section);
    }

    @Override
    public void mark(double atSeconds, String label) {
        marks.add(new Mark(atSeconds, label));
    }

    @Override
    public void span(double fromSeconds, double toSeconds, String label) {
        spans.add(new Span(fromSeconds, Math.max(fromSeconds, toSeconds), label));
    }

    @Override
    public void summaryRow(String name, String text, String cls) {
        summaryRows.put(name, new TableSpec.Cell(text, cls));
    }
}
