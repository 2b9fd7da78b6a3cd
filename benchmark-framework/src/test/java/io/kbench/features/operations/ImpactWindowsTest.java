package io.kbench.features.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Windows of the run judged from its periods: exact over every sample the periods hold, rates averaged over their time. */
class ImpactWindowsTest {

    private static final long S = 1_000_000;

    /** A 1 s period ending at {@code endSeconds}, with {@code n} publish samples of {@code micros} from each of two workers. */
    private static void add(ImpactWindows w, int endSeconds, long micros, int n, double errorsPerSecond) {
        PeriodSummary p = new PeriodSummary(Phase.MEASURE, endSeconds * S, S, 2 * n, 0, errorsPerSecond, 2 * n, 0, 0, 0,
                LatencySummary.EMPTY, LatencySummary.EMPTY, LatencySummary.EMPTY, LatencySummary.EMPTY, 0, false, 100, 0);
        LatencyHistograms a = LatencyHistograms.empty();
        LatencyHistograms b = LatencyHistograms.empty();
        for (int i = 0; i < n; i++) {
            a.publish().recordValue(micros);
            b.publish().recordValue(micros);
            a.endToEnd().recordValue(2 * micros);
        }
        w.add(p, List.of(a, b));
    }

    @Test
    void duringAndBeforeAreExactOverTheirPeriods() {
        ImpactWindows w = new ImpactWindows(0);
        for (int s = 1; s <= 10; s++) {
            add(w, s, 1_000, 100, 0); // 1 ms before
        }
        for (int s = 11; s <= 13; s++) {
            add(w, s, 200_000, 100, 5); // 200 ms during
        }
        WindowFigures during = w.over(10 * S, 13 * S);
        assertEquals(3, during.periods());
        assertEquals(3_000, during.lengthMillis());
        assertEquals(200_000, during.publishP99Micros(), 2_000, "1 % resolution");
        assertEquals(400_000, during.endToEndP50Micros(), 4_000);
        assertEquals(200, during.achievedRate(), 1e-9);
        assertEquals(100.0, during.requestedRate());
        assertEquals(15, during.sendErrors());
        WindowFigures before = w.before(10 * S, 3 * S);
        assertEquals(3, before.periods());
        assertEquals(1_000, before.publishP99Micros(), 10);
        assertEquals(0, before.sendErrors());
    }

    @Test
    void aWindowBeforeTheMeasurementHadLastedThatLongIsShorterAndSaysSo() {
        ImpactWindows w = new ImpactWindows(0);
        for (int s = 1; s <= 4; s++) {
            add(w, s, 1_000, 10, 0);
        }
        WindowFigures before = w.before(2 * S, 30 * S);
        assertEquals(2, before.periods());
        assertEquals(2_000, before.lengthMillis());
    }

    @Test
    void aWindowWithoutPeriodsHasNoFigures() {
        WindowFigures none = new ImpactWindows(0).over(0, 5 * S);
        assertEquals(0, none.periods());
        assertNull(none.publishP99Micros());
    }

    @Test
    void periodsBeyondTheBoundAreDroppedOldestFirst() {
        ImpactWindows w = new ImpactWindows(0);
        for (int s = 1; s <= ImpactWindows.MAX_PERIODS + 10; s++) {
            add(w, s, 1_000, 1, 0);
        }
        assertEquals(0, w.over(0, 10 * S).periods());
        assertEquals(10, w.over(11 * S, 21 * S).periods());
    }
}
