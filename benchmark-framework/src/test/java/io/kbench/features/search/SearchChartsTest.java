package io.kbench.features.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.report.ReportPages;
import io.kbench.stats.LatencySummary;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchChartsTest {

    private static StepResult step(int number, String stage, double requested, double achieved, long p99Micros, boolean passed,
                                   String reason) {
        LatencySummary publish = new LatencySummary(10, 0, 1000, 0, 0, p99Micros, 0, 0, 0, 0);
        return new StepResult(number, stage, requested, achieved, 1.5, publish, LatencySummary.EMPTY, LatencySummary.EMPTY, 0, 0,
                passed, false, reason == null ? List.of() : List.of(reason), 0, 0);
    }

    @Test
    void stepsBecomeALatencyCurveOverTheAchievedRateAndATable() {
        SearchReport search = new SearchReport("find-max", "throughput only", 0.05, 2000, 3000, 0, 0, 1000, "producerRate", null,
                List.of(step(1, "grow", 1000, 1000, 5000, true, null),
                        step(2, "grow", 2000, 1700, 400_000, false, "achieved 1,700 of 2,000 msg/s (85.00%)"),
                        step(3, "bisect", 1500, 1500, 9000, true, null)),
                "confirmed", null, null, null, null, null, "max sustainable rate: 1,500 msg/s", 0, null);

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
        assertNull(SearchCharts.of(null));
    }

    @Test
    void theRateDiscoveryNoteHasSinglePercentSigns() {
        // Before: "... >= 99%% of it achieved ...", a format string printed without formatting.
        assertTrue(SearchPhases.RATE_DISCOVERY_NOTE.contains(">= 99% of it achieved"), SearchPhases.RATE_DISCOVERY_NOTE);
        assertFalse(SearchPhases.RATE_DISCOVERY_NOTE.contains("%%"), SearchPhases.RATE_DISCOVERY_NOTE);
    }
}
