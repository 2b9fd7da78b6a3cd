package io.kbench.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.Diagnosis.Verdict;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class VerdictTest {

    @Test
    void onlyAHotPartitionRefinesAndOnlyTheConsumersFallingBehind() {
        Set<Verdict> refined = EnumSet.allOf(Verdict.class).stream().filter(Verdict.HOT_PARTITION::refines)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Verdict.class)));
        assertEquals(EnumSet.of(Verdict.CONSUMER_BOUND, Verdict.EGRESS_BOUND), refined);
        for (Verdict v : Verdict.values()) {
            if (v != Verdict.HOT_PARTITION) {
                for (Verdict general : Verdict.values()) {
                    assertFalse(v.refines(general), v + " refines " + general);
                }
            }
        }
        assertTrue(Verdict.HOT_PARTITION.refines(Verdict.CONSUMER_BOUND));
        assertFalse(Verdict.HOT_PARTITION.refines(Verdict.CLUSTER_BOUND), "the engine's evidence about the cluster stands");
    }
}
