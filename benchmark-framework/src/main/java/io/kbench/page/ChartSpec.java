package io.kbench.page;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One chart as the page draws it with uPlot: an x axis, a y axis (each with its unit), and series
 * over the shared x values. Series kinds: {@code line}; {@code bars}; {@code errors} (a vertical bar
 * from lo to hi at each x: ± one standard deviation); {@code shade} (a shaded x range: a phase);
 * {@code marker} (a vertical line at one x: a fault). Each line has a style number: the page draws
 * style n with its own colour and its own dash pattern, so charts read without colour too.
 */
public final class ChartSpec {

    private final ObjectNode node = Json.object();
    private final ArrayNode series = node.putArray("series");
    private int nextStyle;

    public ChartSpec(String title) {
        node.put("title", title);
    }

    /**
     * @param scale linear, log, nines (ticks given) or ordinal (values are 0..n-1, labels given)
     */
    public ChartSpec x(String label, String unit, String scale, ArrayNode values) {
        ObjectNode x = node.putObject("x");
        x.put("label", label);
        x.put("unit", unit);
        x.put("scale", scale);
        x.set("values", values);
        return this;
    }

    /** Leaves room beyond the first and last x value, so bars and error bars at the ends show whole. */
    public ChartSpec padded() {
        ((ObjectNode) node.get("x")).put("pad", true);
        return this;
    }

    public ChartSpec xTicks(List<Double> ticks, List<String> labels) {
        ObjectNode x = (ObjectNode) node.get("x");
        ArrayNode t = x.putArray("ticks");
        ticks.forEach(v -> t.add(Json.round(v)));
        x.set("tickLabels", Json.strings(labels));
        return this;
    }

    public ChartSpec y(String label, String unit, String scale) {
        ObjectNode y = node.putObject("y");
        y.put("label", label);
        y.put("unit", unit);
        y.put("scale", scale);
        return this;
    }

    public ChartSpec line(String label, Double[] values) {
        return add("line", label, values, nextStyle++);
    }

    /** A line drawn in the style of an earlier one (e.g. the same run in another chart). */
    public ChartSpec line(String label, Double[] values, int style) {
        return add("line", label, values, style);
    }

    public ChartSpec bars(String label, Double[] values) {
        return add("bars", label, values, nextStyle++);
    }

    /** Error bars for the line just added, from {@code lo} to {@code hi}. */
    public ChartSpec errors(String label, Double[] lo, Double[] hi) {
        ObjectNode last = (ObjectNode) series.get(series.size() - 1);
        ObjectNode s = add("errors", label, hi, last.get("style").asInt()).lastSeries();
        s.set("lo", Json.numbers(lo));
        return this;
    }

    public ChartSpec shade(String label, Double[] values, int shadeIndex) {
        return add("shade", label, values, shadeIndex);
    }

    public ChartSpec marker(String label, Double[] values) {
        return add("marker", label, values, 0);
    }

    public ChartSpec note(String text) {
        node.put("note", text);
        return this;
    }

    public boolean hasData() {
        for (int i = 0; i < series.size(); i++) {
            String kind = series.get(i).get("kind").asText();
            if ((kind.equals("line") || kind.equals("bars")) && hasNumber((ArrayNode) series.get(i).get("values"))) {
                return true;
            }
        }
        return false;
    }

    public ObjectNode json() {
        return node;
    }

    private ChartSpec add(String kind, String label, Double[] values, int style) {
        ObjectNode s = series.addObject();
        s.put("kind", kind);
        s.put("label", label);
        s.put("style", style);
        s.set("values", Json.numbers(values));
        return this;
    }

    private ObjectNode lastSeries() {
        return (ObjectNode) series.get(series.size() - 1);
    }

    private static boolean hasNumber(ArrayNode a) {
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).isNumber()) {
                return true;
            }
        }
        return false;
    }
}
