package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A max-rate search's steps (result field {@code search}): latency against the throughput each step
 * achieved, where the curve turns up, and a table of every step with its verdict.
 */
final class SearchCharts {

    private SearchCharts() {}

    /** @return the search's section, or null when the result holds no search */
    static Section of(JsonNode search) {
        JsonNode steps = search.path("steps");
        if (!steps.isArray() || steps.isEmpty()) {
            return null;
        }
        Section s = new Section("Max-rate search (" + search.path("mode").asText("find-max") + "): latency against throughput");
        s.text(search.path("finalLine").asText("") + ". SLO: " + search.path("slo").asText() + "; each step settled "
                + seconds(search.path("settleMillis").asLong()) + " and was measured " + seconds(search.path("stepMillis").asLong())
                + ". One point per step, at the rate it achieved.");
        List<JsonNode> byRate = new ArrayList<>();
        steps.forEach(byRate::add);
        byRate.sort(Comparator.comparingDouble((JsonNode st) -> st.path("achievedRate").asDouble())
                .thenComparingInt(st -> st.path("number").asInt()));
        double[] x = new double[byRate.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = byRate.get(i).path("achievedRate").asDouble();
        }
        s.charts(new ChartSpec("Latency against achieved throughput (search steps)")
                .x("achieved rate", "msg/s", "linear", Json.numbers(x)).padded().y("latency", "ms", "linear")
                .line("publish p50", latency(byRate, "publishLatency", "p50Micros"))
                .line("publish p99", latency(byRate, "publishLatency", "p99Micros"))
                .line("end-to-end p99", latency(byRate, "endToEndLatency", "p99Micros")));
        TableSpec t = new TableSpec("Search steps", List.of("step", "stage", "requested msg/s", "achieved msg/s", "MB/s",
                "publish p50 ms", "publish p99 ms", "e2e p99 ms", "verdict"));
        for (JsonNode st : steps) {
            t.row(List.of(st.path("number").asInt(), st.path("stage").asText(), Fmt.grouped(st.path("requestedRate").asDouble(), 0),
                    Fmt.grouped(st.path("achievedRate").asDouble(), 0), String.format(Locale.ROOT, "%.2f", st.path("achievedMBps").asDouble()),
                    ms(st.path("publishLatency"), "p50Micros"), ms(st.path("publishLatency"), "p99Micros"),
                    ms(st.path("endToEndLatency"), "p99Micros"), st.path("passed").asBoolean() ? "pass"
                            : "fail: " + String.join("; ", texts(st.path("reasons")))));
        }
        s.table(t.note("Outcome: " + search.path("outcome").asText() + " (" + search.path("conclusion").asText("") + ")."));
        return s;
    }

    private static Double[] latency(List<JsonNode> steps, String field, String stat) {
        Double[] v = new Double[steps.size()];
        for (int i = 0; i < v.length; i++) {
            JsonNode l = steps.get(i).path(field);
            v[i] = l.path("count").asLong() > 0 ? l.path(stat).asDouble() / 1_000 : null;
        }
        return v;
    }

    private static String ms(JsonNode latency, String stat) {
        return latency.path("count").asLong() > 0 ? String.format(Locale.ROOT, "%.1f", latency.path(stat).asDouble() / 1_000) : "–";
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.0f s", millis / 1e3);
    }
}
