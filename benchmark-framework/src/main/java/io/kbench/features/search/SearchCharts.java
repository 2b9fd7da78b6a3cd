package io.kbench.features.search;

import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import io.kbench.page.Json;
import io.kbench.page.ChartSpec;
import io.kbench.page.TableSpec;
import io.kbench.page.Fmt;
import io.kbench.page.Section;
/**
 * A max-rate search's steps (result section {@code search}): latency against the throughput each step
 * achieved, where the curve turns up, and a table of every step with its verdict.
 */
public final class SearchCharts {

    private SearchCharts() {}

    /** @return the search's section, or null when the result holds no search (or no step) */
    public static Section of(SearchReport search) {
        if (search == null || search.steps() == null || search.steps().isEmpty()) {
            return null;
        }
        Section s = new Section("Max-rate search (" + Objects.requireNonNullElse(search.mode(), "find-max")
                + "): latency against throughput");
        s.text(Objects.requireNonNullElse(search.finalLine(), "").replaceFirst("\\.$", "") + ". SLO: " + search.slo()
                + "; each step settled "
                + seconds(search.settleMillis()) + " and was measured " + seconds(search.stepMillis())
                + ". One point per step, at the rate it achieved.");
        List<StepResult> byRate = new ArrayList<>(search.steps());
        byRate.sort(Comparator.comparingDouble(StepResult::achievedRate).thenComparingInt(StepResult::number));
        double[] x = byRate.stream().mapToDouble(StepResult::achievedRate).toArray();
        s.charts(new ChartSpec("Latency against achieved throughput (search steps)")
                .x("achieved rate", "msg/s", "linear", Json.numbers(x)).padded().y("latency", "ms", "linear")
                .line("publish p50", latency(byRate, StepResult::publishLatency, LatencySummary::p50Micros))
                .line("publish p99", latency(byRate, StepResult::publishLatency, LatencySummary::p99Micros))
                .line("end-to-end p99", latency(byRate, StepResult::endToEndLatency, LatencySummary::p99Micros)));
        TableSpec t = new TableSpec("Search steps", List.of("step", "stage", "requested msg/s", "achieved msg/s", "MB/s",
                "publish p50 ms", "publish p99 ms", "e2e p99 ms", "verdict"));
        for (StepResult st : search.steps()) {
            t.row(List.of(st.number(), st.stage(), Fmt.grouped(st.requestedRate(), 0), Fmt.grouped(st.achievedRate(), 0),
                    String.format(Locale.ROOT, "%.2f", st.achievedMBps()), ms(st.publishLatency(), LatencySummary::p50Micros),
                    ms(st.publishLatency(), LatencySummary::p99Micros), ms(st.endToEndLatency(), LatencySummary::p99Micros),
                    st.passed() ? "pass" : "fail: " + String.join("; ", st.reasons())));
        }
        s.table(t.note("Outcome: " + search.outcome() + " (" + Objects.requireNonNullElse(search.conclusion(), "").replaceFirst("\\.$", "")
                + ")."));
        return s;
    }

    private static Double[] latency(List<StepResult> steps, Function<StepResult, LatencySummary> latency,
                                    ToLongFunction<LatencySummary> micros) {
        Double[] v = new Double[steps.size()];
        for (int i = 0; i < v.length; i++) {
            LatencySummary l = latency.apply(steps.get(i));
            v[i] = l != null && l.count() > 0 ? micros.applyAsLong(l) / 1_000.0 : null;
        }
        return v;
    }

    private static String ms(LatencySummary latency, ToLongFunction<LatencySummary> micros) {
        return latency != null && latency.count() > 0 ? String.format(Locale.ROOT, "%.1f", micros.applyAsLong(latency) / 1_000.0) : "–";
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.0f s", millis / 1e3);
    }
}
