package io.kbench.features.backlog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class BacklogPlanTest {

    @Test
    void theTargetIsTheSizeInWholeMessagesWithGbAsTwoToTheThirty() {
        // 0.26 × 2^30 / 1,024 = 272,629.76: truncated, so the target never exceeds the size asked for.
        BacklogPlan plan = BacklogPlan.of(0.26, 1_024, 1.0, 1);
        assertEquals(272_629, plan.targetMessages());
        assertEquals(272_629L * 1_024, plan.targetBytes());
        assertEquals(1_024, plan.messageSizeBytes());
        assertEquals(4_096, plan.bytes(4));
    }

    @Test
    void aFullDrainStopsAtTheFloorOfAThousandMessagesAsOmb() {
        assertEquals(1_000, BacklogPlan.of(1, 1_024, 1.0, 1).drainLevelMessages());
        // 0.002 GB of 1 KiB is 2,097 messages; half of it drained would leave 1,048, above the floor.
        BacklogPlan small = BacklogPlan.of(0.002, 1_024, 0.5, 1);
        assertEquals(2_097, small.targetMessages());
        assertEquals(1_048, small.drainLevelMessages());
        assertEquals(1_000, BacklogPlan.of(0.002, 1_024, 0.9, 1).drainLevelMessages(), "209 left is below the floor");
    }

    @Test
    void aPartialDrainLeavesTheRestOfTheTarget() {
        BacklogPlan plan = BacklogPlan.of(1, 100, 0.75, 2);
        assertEquals(10_737_418, plan.targetMessages());
        assertEquals(2_684_354, plan.drainLevelMessages(), "a quarter of the target, truncated");
        assertEquals(2, plan.subscriptionsPerTopic());
    }

    @Test
    void sizesAreShownInTheUnitThatSuitsTheTarget() {
        assertEquals("0.26 GB", BacklogPlan.of(0.26, 1_024, 1.0, 1).size(272_629L * 1_024));
        assertEquals("0.13 GB", BacklogPlan.of(0.26, 1_024, 1.0, 1).size(136_314L * 1_024), "half of it, in the same unit");
        // Below a tenth of a GB, MB: 0.004 GB of 1 KiB messages is 4,194 messages, 4.10 MB, not "0.00 GB".
        BacklogPlan small = BacklogPlan.of(0.004, 1_024, 1.0, 1);
        assertEquals("4.10 MB", small.size(small.targetBytes()));
        assertEquals("MB", small.unitName());
        assertEquals("50.00 KB", BacklogPlan.of(0.00005, 1_024, 1.0, 1).size(51_200));
    }
}
