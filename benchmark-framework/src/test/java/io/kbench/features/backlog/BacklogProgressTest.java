package io.kbench.features.backlog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kbench.model.Phase;
import io.kbench.model.ProgressNote;
import io.kbench.model.PeriodSummary;
import io.kbench.stats.LatencySummary;
import org.junit.jupiter.api.Test;

class BacklogProgressTest {

    /** A slow build: 0.26 GB of 1 KiB messages at 100 msg/s. */
    private static final BacklogPlan QUARTER_GB = new BacklogPlan(272_629, 1_024, 1_000, 1);

    private static PeriodSummary at(Phase phase, long elapsedSeconds, long backlogMessages) {
        LatencySummary none = LatencySummary.EMPTY;
        return new PeriodSummary(phase, elapsedSeconds * 1_000_000, 5_000_000, 100, 0.1, 0, 0, 0, backlogMessages, 0,
                none, none, none, none, 0.1, false, 100, 0);
    }

    @Test
    void buildingShowsTheTargetAndWhenItWillBeReached() {
        ProgressNote note = BacklogProgress.building(QUARTER_GB);
        // 500 messages in 5 s: 100 msg/s; 147,629 to go.
        String line = note.describe(at(Phase.BACKLOG_BUILD, 1_245, 124_500), at(Phase.BACKLOG_BUILD, 1_250, 125_000));
        assertEquals("backlog 0.12 of 0.26 GB (45%), ETA 24 min 37 s at the current rate", line);
    }

    @Test
    void theRunsFirstPeriodMeasuresItsRateFromAnEmptyBacklogAtTheLoadsStart() {
        String line = BacklogProgress.building(QUARTER_GB).describe(null, at(Phase.BACKLOG_BUILD, 10, 1_000));
        assertEquals("backlog 0.00 of 0.26 GB (0%), ETA 45 min 17 s at the current rate", line);
    }

    @Test
    void aBuildThatStallsSaysSoInsteadOfAnEta() {
        String line = BacklogProgress.building(QUARTER_GB).describe(at(Phase.BACKLOG_BUILD, 5, 9_000),
                at(Phase.BACKLOG_BUILD, 10, 9_000));
        assertEquals("backlog 0.01 of 0.26 GB (3%), no progress at the current rate", line);
    }

    @Test
    void aReachedTargetSaysSo() {
        String line = BacklogProgress.building(QUARTER_GB).describe(at(Phase.BACKLOG_BUILD, 5, 272_000),
                at(Phase.BACKLOG_BUILD, 6, 272_700));
        assertEquals("backlog 0.26 of 0.26 GB (100%), target reached", line);
    }

    @Test
    void smallBacklogsAreShownInMegabytes() {
        BacklogPlan fourMb = new BacklogPlan(4_096, 1_024, 1_000, 1);
        String line = BacklogProgress.building(fourMb).describe(at(Phase.BACKLOG_BUILD, 1, 1_000), at(Phase.BACKLOG_BUILD, 2, 2_048));
        assertEquals("backlog 2.00 of 4.00 MB (50%), ETA 2 s at the current rate", line);
    }

    @Test
    void drainingShowsWhatIsLeftAboveTheDrainLevelAndWhenItWillBeGone() {
        ProgressNote note = BacklogProgress.draining(QUARTER_GB, 272_629);
        // From 100,000 to 60,000 in 4 s: 10,000 msg/s net; 59,000 above the level of 1,000.
        String line = note.describe(at(Phase.BACKLOG_DRAIN, 20, 100_000), at(Phase.BACKLOG_DRAIN, 24, 60_000));
        assertEquals("draining: 0.06 GB to go (78% done), ETA 6 s at the current rate", line);
    }

    @Test
    void consumersThatDoNotOutpaceTheProducersMakeNoProgress() {
        String line = BacklogProgress.draining(QUARTER_GB, 272_629).describe(at(Phase.BACKLOG_DRAIN, 20, 100_000),
                at(Phase.BACKLOG_DRAIN, 25, 100_200));
        assertEquals("draining: 0.09 GB to go (63% done), no progress at the current rate", line);
    }

    @Test
    void aDrainedBacklogSaysSo() {
        String line = BacklogProgress.draining(QUARTER_GB, 272_629).describe(at(Phase.BACKLOG_DRAIN, 20, 5_000),
                at(Phase.BACKLOG_DRAIN, 21, 800));
        assertEquals("backlog drained (at most 1,000 msg left, the drain level)", line);
    }
}
