package io.kbench.features.backlog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BacklogEtaTest {

    @Test
    void aGrowingBacklogReachesItsTargetAtTheRateItGrows() {
        BacklogEta eta = BacklogEta.estimate(125_000, 272_629, 100, true);
        assertEquals(BacklogEta.Status.ON_THE_WAY, eta.status());
        assertEquals(Duration.ofSeconds(1_477), eta.remaining(), "147,629 messages at 100 msg/s, rounded up");
        assertEquals("ETA 24 min 37 s at the current rate", eta.describe());
    }

    @Test
    void aDrainingBacklogReachesItsLevelAtTheRateItShrinks() {
        BacklogEta eta = BacklogEta.estimate(51_000, 1_000, -2_500, false);
        assertEquals(Duration.ofSeconds(20), eta.remaining());
        assertEquals("ETA 20 s at the current rate", eta.describe());
    }

    @Test
    void noMovementOrMovementAwayIsNoProgressNotAnEstimate() {
        assertEquals(BacklogEta.Status.NO_PROGRESS, BacklogEta.estimate(10, 1_000, 0, true).status());
        assertEquals(BacklogEta.Status.NO_PROGRESS, BacklogEta.estimate(10, 1_000, -5, true).status(), "shrinking while building");
        assertEquals(BacklogEta.Status.NO_PROGRESS, BacklogEta.estimate(5_000, 1_000, 300, false).status(), "growing while draining");
        assertEquals(BacklogEta.Status.NO_PROGRESS, BacklogEta.estimate(5_000, 1_000, Double.NaN, false).status());
        assertEquals(BacklogEta.Status.NO_PROGRESS, BacklogEta.estimate(Long.MAX_VALUE / 2, 0, -1e-9, false).status(),
                "centuries away is no estimate");
        assertEquals("no progress at the current rate", BacklogEta.estimate(10, 1_000, 0, true).describe());
    }

    @Test
    void atOrPastTheLevelItIsReached() {
        assertEquals(BacklogEta.Status.REACHED, BacklogEta.estimate(1_000, 1_000, 0, true).status());
        assertEquals(BacklogEta.Status.REACHED, BacklogEta.estimate(1_200, 1_000, -50, true).status());
        assertEquals(BacklogEta.Status.REACHED, BacklogEta.estimate(900, 1_000, 50, false).status());
    }

    @Test
    void theChangeIsPerSecondBetweenTwoReadings() {
        assertEquals(500.0, BacklogEta.changePerSecond(1_000, 2_000_000, 3_000, 6_000_000), 1e-9);
        assertEquals(-250.0, BacklogEta.changePerSecond(3_000, 0, 2_000, 4_000_000), 1e-9);
        assertEquals(0.0, BacklogEta.changePerSecond(3_000, 5, 9_000, 5), "no time passed");
    }

    @Test
    void durationsReadAsPeopleSayThem() {
        assertEquals("under 1 s", BacklogEta.words(Duration.ofMillis(400)));
        assertEquals("45 s", BacklogEta.words(Duration.ofSeconds(45)));
        assertEquals("3 min 10 s", BacklogEta.words(Duration.ofSeconds(190)));
        assertEquals("1 h 0 min", BacklogEta.words(Duration.ofSeconds(3_600)));
        assertEquals("2 h 5 min", BacklogEta.words(Duration.ofSeconds(2 * 3_600 + 5 * 60 + 29)));
        assertEquals("2 h 6 min", BacklogEta.words(Duration.ofSeconds(2 * 3_600 + 5 * 60 + 30)), "to the nearest minute");
        assertEquals("1,000 h 0 min", BacklogEta.words(Duration.ofHours(1_000)));
    }
}
