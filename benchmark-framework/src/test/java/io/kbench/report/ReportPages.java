package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Reads a written report back: its embedded page model, the HTML around it, and lookups of charts and
 * tables by title. Test support, for this module's tests and (through its test jar) integration-tests.
 */
public final class ReportPages {

    private static final String DATA_START = "<script type=\"application/json\" id=\"kbench-data\">";

    private ReportPages() {}

    /** The page model embedded in the report. */
    public static JsonNode data(Path html) throws IOException {
        String text = Files.readString(html);
        int start = text.indexOf(DATA_START);
        int end = text.indexOf("</script>", start);
        if (start < 0 || end < 0) {
            throw new IllegalArgumentException(html + " has no embedded kbench report data");
        }
        return new ObjectMapper().readTree(text.substring(start + DATA_START.length(), end));
    }

    /** The report without its embedded data: the page itself, uPlot, styles and script. */
    public static String withoutData(Path html) throws IOException {
        String text = Files.readString(html);
        int start = text.indexOf(DATA_START);
        int end = text.indexOf("</script>", start);
        return text.substring(0, start + DATA_START.length()) + text.substring(end);
    }

    /** Every chart in the page, depth first. */
    public static List<JsonNode> charts(JsonNode page) {
        return blocks(page, "charts").stream().flatMap(b -> stream(b.get("charts"))).toList();
    }

    /** Every table in the page, depth first. */
    public static List<JsonNode> tables(JsonNode page) {
        return blocks(page, "table").stream().map(b -> b.get("table")).toList();
    }

    public static List<JsonNode> charts(JsonNode page, Predicate<String> title) {
        return charts(page).stream().filter(c -> title.test(c.get("title").asText())).toList();
    }

    public static JsonNode table(JsonNode page, String title) {
        return tables(page).stream().filter(t -> t.get("title").asText().startsWith(title)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no table '" + title + "' in the report"));
    }

    /** The top-level sections (one per workload). */
    public static List<JsonNode> groups(JsonNode page) {
        return stream(page.get("sections")).toList();
    }

    /** A table row by its first cell. */
    public static JsonNode row(JsonNode table, String first) {
        return stream(table.get("rows")).filter(r -> r.get(0).asText().equals(first)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no row '" + first + "' in table " + table.get("title")));
    }

    /** A cell's text, whether plain or with a class. */
    public static String text(JsonNode cell) {
        return cell.isObject() ? cell.get("t").asText() : cell.asText();
    }

    public static JsonNode series(JsonNode chart, String label) {
        return stream(chart.get("series")).filter(s -> s.get("label").asText().startsWith(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no series '" + label + "' in chart " + chart.get("title")));
    }

    private static List<JsonNode> blocks(JsonNode page, String type) {
        List<JsonNode> found = new ArrayList<>();
        page.get("sections").forEach(s -> collect(s, type, found));
        return found;
    }

    private static void collect(JsonNode section, String type, List<JsonNode> found) {
        for (JsonNode b : section.get("blocks")) {
            if (b.get("type").asText().equals(type)) {
                found.add(b);
            }
            if (b.get("type").asText().equals("section")) {
                collect(b.get("section"), type, found);
            }
        }
    }

    private static Stream<JsonNode> stream(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false);
    }
}
