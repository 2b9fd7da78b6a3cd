package io.kbench.sweep;

import io.kbench.result.RunResult;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import io.kbench.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The sweep's summary: one row per combination with each figure's mean ± sample standard deviation
 * over the completed repeats, read from the per-run result files (so table and files always agree).
 */
public final class SweepTable {

    /** One run's result file as the table links it. */
    public record RunLink(int repeat, String relativePath, String status) {}

    /**
     * One combination's row.
     *
     * @param diagnoses each completed repeat's diagnosis verdict ("none", "client-bound", ...), in repeat order
     */
    public record Row(Combination combination, List<RunLink> runs, Map<Metric, Stats> stats, List<String> diagnoses) {

        public Row {
            diagnoses = diagnoses == null ? List.of() : List.copyOf(diagnoses);
        }

        public Row(Combination combination, List<RunLink> runs, Map<Metric, Stats> stats) {
            this(combination, runs, stats, List.of());
        }

        /** The verdict the completed repeats agree on, or each with how many had it ("client-bound ×2, none"); — for none. */
        public String diagnosis() {
            if (diagnoses.isEmpty()) {
                return "—";
            }
            Map<String, Integer> counts = new java.util.LinkedHashMap<>();
            diagnoses.forEach(d -> counts.merge(d, 1, Integer::sum));
            List<String> parts = new ArrayList<>();
            counts.forEach((d, n) -> parts.add(counts.size() == 1 ? d : d + " ×" + n));
            return String.join(", ", parts);
        }

        /** Completed repeats. */
        public int n() {
            return (int) runs.stream().filter(r -> "completed".equals(r.status())).count();
        }
    }

    private final List<String> parameterColumns;
    private final boolean driverColumn;
    private final List<Row> rows;

    SweepTable(List<String> parameterColumns, boolean driverColumn, List<Row> rows) {
        this.parameterColumns = List.copyOf(parameterColumns);
        this.driverColumn = driverColumn;
        this.rows = List.copyOf(rows);
    }

    public List<Row> rows() {
        return rows;
    }

    /** Reads every existing result file of the sweep. */
    public static SweepTable read(List<Parameter> parameters, List<Combination> combinations, int repeat, SweepLayout layout) {
        List<Row> rows = new ArrayList<>();
        for (Combination c : combinations) {
            List<RunLink> links = new ArrayList<>();
            List<String> diagnoses = new ArrayList<>();
            Map<Metric, List<Double>> values = new EnumMap<>(Metric.class);
            for (Metric m : Metric.values()) {
                values.put(m, new ArrayList<>());
            }
            for (int k = 1; k <= repeat; k++) {
                Path file = layout.runFile(c, k);
                if (!Files.isRegularFile(file)) {
                    file = ResultWriter.failedPlace(file); // a failed run's result, where runs of the sweep do not pick it up
                    if (!Files.isRegularFile(file)) {
                        continue;
                    }
                }
                RunResult result = SweepLayout.read(file);
                String status = result == null || result.outcome().status() == null ? "unreadable" : result.outcome().status().label();
                links.add(new RunLink(k, layout.dir().relativize(file).toString().replace('\\', '/'), status));
                if ("completed".equals(status)) {
                    diagnoses.add(result.outcome().diagnosis() == null ? "none" : result.outcome().diagnosis().verdict().label());
                    for (Metric m : Metric.values()) {
                        Double v = m.read(result);
                        if (v != null) {
                            values.get(m).add(v);
                        }
                    }
                }
            }
            Map<Metric, Stats> stats = new EnumMap<>(Metric.class);
            values.forEach((m, v) -> stats.put(m, Stats.of(v)));
            rows.add(new Row(c, links, stats, diagnoses));
        }
        return new SweepTable(parameters.stream().map(Parameter::name).toList(),
                combinations.stream().anyMatch(c -> c.driverLabel() != null), rows);
    }

    /** The table in Markdown: mean ± standard deviation, the value alone for one repeat, — for none. */
    public String markdown() {
        List<String> header = header(m -> List.of(m.header));
        StringBuilder b = new StringBuilder();
        b.append(markdownLine(header));
        List<String> rule = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            boolean numeric = i >= (driverColumn ? 1 : 0) + parameterColumns.size() && i < header.size() - 2;
            rule.add(numeric ? "---:" : "---");
        }
        b.append(markdownLine(rule));
        for (Row row : rows) {
            List<String> cells = new ArrayList<>(leadingCells(row));
            cells.add(Integer.toString(row.n()));
            for (Metric m : Metric.values()) {
                cells.add(format(row.stats().get(m), m));
            }
            cells.add(row.diagnosis());
            List<String> links = new ArrayList<>();
            for (RunLink l : row.runs()) {
                String text = "r" + l.repeat() + ("completed".equals(l.status()) ? "" : " (" + l.status() + ")");
                links.add("[" + text + "](" + l.relativePath().replace(" ", "%20").replace(")", "%29") + ")");
            }
            cells.add(links.isEmpty() ? "—" : String.join(" ", links));
            b.append(markdownLine(cells));
        }
        return b.toString();
    }

    /** The table as CSV: a mean and a standard deviation column per figure, full precision, empty when unknown. */
    public String csv() {
        List<String> header = header(m -> List.of(m.csvName + "_mean", m.csvName + "_stddev"));
        StringBuilder b = new StringBuilder(csvLine(header));
        for (Row row : rows) {
            List<String> cells = new ArrayList<>(leadingCells(row));
            cells.add(Integer.toString(row.n()));
            for (Metric m : Metric.values()) {
                Stats s = row.stats().get(m);
                cells.add(Double.isNaN(s.mean()) ? "" : plain(s.mean()));
                cells.add(Double.isNaN(s.stddev()) ? "" : plain(s.stddev()));
            }
            cells.add(row.diagnoses().isEmpty() ? "" : row.diagnosis());
            cells.add(String.join(" ", row.runs().stream().filter(l -> "completed".equals(l.status()))
                    .map(RunLink::relativePath).toList()));
            b.append(csvLine(cells));
        }
        return b.toString();
    }

    /** Writes table.md and table.csv, each replaced whole (never seen half-written). */
    public void write(SweepLayout layout) throws IOException {
        Files.createDirectories(layout.dir());
        replace(layout.markdownTable(), markdown());
        replace(layout.csvTable(), csv());
    }

    /** The columns: the driver's (if several), the parameters', n, each metric's, the diagnosis, the results'. */
    private List<String> header(Function<Metric, List<String>> metricColumns) {
        List<String> header = new ArrayList<>();
        if (driverColumn) {
            header.add("driver");
        }
        header.addAll(parameterColumns);
        header.add("n");
        for (Metric m : Metric.values()) {
            header.addAll(metricColumns.apply(m));
        }
        header.add("diagnosis");
        header.add("results");
        return header;
    }

    private List<String> leadingCells(Row row) {
        List<String> cells = new ArrayList<>();
        if (driverColumn) {
            cells.add(row.combination().driverLabel());
        }
        for (Setting s : row.combination().settings()) {
            cells.add(s.valueText());
        }
        return cells;
    }

    static String format(Stats s, Metric m) {
        if (s.n() == 0) {
            return "—";
        }
        String mean = number(s.mean(), m);
        return s.n() == 1 ? mean : mean + " ± " + number(s.stddev(), m);
    }

    private static String number(double v, Metric m) {
        String pattern = "%" + (m.grouped ? "," : "") + "." + m.decimals + "f";
        return String.format(Locale.ROOT, pattern, v);
    }

    private static String plain(double v) {
        return new BigDecimal(v).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
    }

    private static String markdownLine(List<String> cells) {
        StringBuilder b = new StringBuilder("|");
        for (String c : cells) {
            b.append(' ').append(c.replace("|", "\\|")).append(" |");
        }
        return b.append('\n').toString();
    }

    private static String csvLine(List<String> cells) {
        List<String> quoted = new ArrayList<>();
        for (String c : cells) {
            quoted.add(c.contains(",") || c.contains("\"") || c.contains("\n") ? "\"" + c.replace("\"", "\"\"") + "\"" : c);
        }
        return String.join(",", quoted) + "\n";
    }

    private static void replace(Path target, String text) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
