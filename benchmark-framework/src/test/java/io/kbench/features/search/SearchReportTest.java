package io.kbench.features.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.stats.LatencySummary;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The line that states a search's answer. */
class SearchReportTest {

    private static final LatencySummary P99_4MS = new LatencySummary(100, 2_000, 1_500, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000,
            8_000, 500);

    private static StepResult confirmation(double rate, double mbps) {
        return new StepResult(6, "confirm", rate, rate, mbps, P99_4MS, P99_4MS, LatencySummary.EMPTY, 0, 0, true, false, List.of(),
                0, 60_000);
    }

    @Test
    void aConfirmedRateStatesTheRate() {
        assertEquals("max sustainable rate: 48,000 msg/s (4.58 MB/s) with publish p99 4 ms (objective: throughput only)",
                SearchReport.compose(SearchReport.CONFIRMED, confirmation(48_000, 4.58), Slo.THROUGHPUT_ONLY, 48_000.0, null,
                        "confirmed at 48,000 msg/s"));
    }

    @Test
    void whenTheClientsWereTheLimitTheRateIsALowerBoundWithWhatTheClientsReached() {
        // Before: "no max sustainable rate (client-bound): the clients limit this search at 2,735,488 msg/s ...", the
        // requested rate, not the 1.46 M msg/s the clients reached, and no result.
        MaxRateSearch.ClientLimit limit = new MaxRateSearch.ClientLimit(2_735_488, 1_460_112.0,
                "the producers sent 1,460,112.0 msg/s of 2,735,488.0 requested (53.4%)");
        assertEquals("max sustainable rate: at least 1,367,744 msg/s (130.44 MB/s) with publish p99 4 ms (objective: throughput "
                + "only): the clients, not the cluster, set this bound: the clients reached about 1,460,112 msg/s when 2,735,488 "
                + "msg/s was asked (the bound is 94% of that). Add producers or workers to go further.",
                SearchReport.compose(SearchReport.CONFIRMED, confirmation(1_367_744, 130.44), Slo.THROUGHPUT_ONLY, 1_367_744.0,
                        null, "unused", limit));
        String lift = "A second producer (producersPerTopic: 2) would let the clients reach about twice as much.";
        String line = SearchReport.compose(SearchReport.CONFIRMED, confirmation(1_367_744, 130.44), Slo.THROUGHPUT_ONLY,
                1_367_744.0, null, "unused", new MaxRateSearch.ClientLimit(2_735_488, 1_460_112.0, "cores busy"), lift);
        assertTrue(line.endsWith("was asked (the bound is 94% of that). " + lift), "the lift said once, after the limit: " + line);
    }
}
