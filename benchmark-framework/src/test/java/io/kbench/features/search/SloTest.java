package io.kbench.features.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.Measurement;
import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import java.util.List;
import org.junit.jupiter.api.Test;

class SloTest {

    private static LatencySummary p99(long micros) {
        return new LatencySummary(100, micros / 2.0, micros / 2, micros / 2, micros, micros, micros, micros, micros, micros);
    }

    private static Measurement measured(long publishP99, long e2eP99) {
        LatencySummary e = LatencySummary.EMPTY;
        return new Measurement(0, 1_000_000, new Counts(100, 100, 100, 0, 100, 100, 0), 100, 1, 0, 100, 100, false, 0, 100, 1,
                p99(publishP99), e, e, e2eP99 == 0 ? e : p99(e2eP99), LatencyHistograms.empty(), List.of(), List.of());
    }

    @Test
    void boundsParseWithUnitsAndEveryStatistic() {
        Slo slo = Slo.parse("publish.p99<=50ms, e2e.p99.9<1s ,send.avg<=800us");
        assertEquals(List.of(new Slo.Bound("publish", "p99", false, 50_000), new Slo.Bound("e2e", "p99.9", true, 1_000_000),
                new Slo.Bound("send", "avg", false, 800)), slo.bounds());
        assertEquals("publish p99 <= 50 ms, e2e p99.9 < 1000 ms, send avg <= 0.8 ms", slo.describe());
        assertEquals(Slo.THROUGHPUT_ONLY, Slo.parse(" "));
    }

    @Test
    void aMeasurementBreaksTheBoundsItExceeds() {
        Slo slo = Slo.parse("publish.p99<=50ms,e2e.p99<=200ms");
        assertEquals(List.of(), slo.violations(measured(40_000, 150_000)));
        assertEquals(List.of("publish p99 is 60 ms, over publish p99 <= 50 ms"), slo.violations(measured(60_000, 150_000)));
        assertEquals(List.of(), Slo.parse("publish.p99<=50ms").violations(measured(50_000, 0)), "at the bound holds");
        assertTrue(Slo.parse("publish.p99<50ms").violations(measured(50_000, 0)).get(0).contains("over publish p99 < 50 ms"));
        assertTrue(slo.violations(measured(1_000, 0)).get(0).contains("cannot be judged: nothing measured for e2e"));
    }

    @Test
    void aBadExpressionNamesTheTokenAndWhatIsAllowed() {
        IllegalArgumentException metric = assertThrows(IllegalArgumentException.class, () -> Slo.parse("pubish.p99<=50ms"));
        assertEquals("--slo: 'pubish' in 'pubish.p99<=50ms' is not a metric; did you mean publish? Allowed: publish, send, e2e",
                metric.getMessage());
        IllegalArgumentException stat = assertThrows(IllegalArgumentException.class, () -> Slo.parse("e2e.p98<=5ms"));
        assertTrue(stat.getMessage().contains("'p98' in 'e2e.p98<=5ms' is not a statistic"), stat.getMessage());
        assertTrue(stat.getMessage().contains("Allowed: p50, p75, p95, p99, p99.9, p99.99, avg, max"), stat.getMessage());
        IllegalArgumentException shape = assertThrows(IllegalArgumentException.class, () -> Slo.parse("publish.p99 == 5"));
        assertTrue(shape.getMessage().startsWith("--slo: 'publish.p99 == 5' is not a bound like publish.p99<=50ms"), shape.getMessage());
    }
}
