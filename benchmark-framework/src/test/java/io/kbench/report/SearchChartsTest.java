package io.kbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class SearchChartsTest {

    private static JsonNode step(int number, String stage, double requested, double achieved, long p99Micros, boolean passed,
                                 String reason) throws Exception {
        return new ObjectMapper().readTree("""
                {"number": %d, "stage": "%s", "requestedRate": %s, "achievedRate": %s, "achievedMBps": 1.5,
                 "publishLatency": {"count": 10, "p50Micros": 1000, "p99Micros": %d},
                 "endToEndLatency": {"count": 0}, "passed": %s, "reasons": [%s]}
                """.formatted(number, stage, requested, achieved, p99Micros, passed, reason == null ? "" : "\"" + reason + "\""));
    }

    @Test
    void stepsBecomeALatencyCurveOverTheAchievedRateAndATable() throws Exception {
        ObjectMapper json = new ObjectMapper();
        var search = json.createObjectNode().put("mode", "find-max").put("slo", "throughput only").put("outcome", "confirmed")
                .put("finalLine", "max sustainable rate: 1,500 msg/s").put("settleMillis", 2000).put("stepMillis", 3000);
        search.putArray("steps").add(step(1, "grow", 1000, 1000, 5000, true, null))
                .add(step(2, "grow", 2000, 1700, 400_000, false, "achieved 1,700 of 2,000 msg/s (85.00%)"))
                .add(step(3, "bisect", 1500, 1500, 9000, true, null));

        JsonNode section = SearchCharts.of(search).json();

        JsonNode chart = section.get("blocks").get(1).get("charts").get(0);
        assertEquals("[1000.0,1500.0,1700.0]", chart.get("x").get("values").toString(), "sorted by achieved rate");
        assertEquals("[5.0,9.0,400.0]", ReportPages.series(chart, "publish p99").get("values").toString());
        JsonNode table = section.get("blocks").get(2).get("table");
        assertEquals(3, table.get("rows").size());
        assertEquals("fail: achieved 1,700 of 2,000 msg/s (85.00%)", ReportPages.text(table.get("rows").get(1).get(8)));
    }

    @Test
    void aResultWithoutASearchHasNoSection() {
        assertNull(SearchCharts.of(new ObjectMapper().createObjectNode()));
    }
}
