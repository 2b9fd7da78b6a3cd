package io.kbench.features.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where replicas go: computed from the replica sets as they are, without a cluster. */
class ReassignmentPlanTest {

    private static final Map<String, List<List<Integer>>> RF2_ON_3 = Map.of("t", List.of(List.of(1, 2), List.of(2, 3), List.of(3, 1)));

    @Test
    void aRotationMovesEveryReplicaToTheNextBroker() {
        Map<String, Map<Integer, List<Integer>>> plan = ReassignmentPlan.plan(RF2_ON_3, List.of(1, 2, 3), null, null, 1);
        assertEquals(Map.of("t", Map.of(0, List.of(2, 3), 1, List.of(3, 1), 2, List.of(1, 2))), plan);
    }

    @Test
    void withEveryBrokerAReplicaARotationMovesTheLeadersOnly() {
        Map<String, Map<Integer, List<Integer>>> plan = ReassignmentPlan.plan(Map.of("t", List.of(List.of(1, 2, 3))), List.of(1, 2, 3),
                null, null, 1);
        assertEquals(Map.of("t", Map.of(0, List.of(2, 3, 1))), plan);
    }

    @Test
    void movingOffABrokerLeavesItWithoutReplicasAndKeepsTheReplicationFactor() {
        Map<String, Map<Integer, List<Integer>>> plan = ReassignmentPlan.plan(RF2_ON_3, List.of(1, 2, 3, 4), null, List.of(1), 1);
        assertEquals(2, plan.get("t").size(), "only the partitions on broker 1 move");
        plan.get("t").values().forEach(r -> {
            assertEquals(2, r.size());
            assertTrue(!r.contains(1) && r.stream().distinct().count() == 2, r.toString());
        });
        assertNull(plan.get("t").get(1), "partition 1 has no replica on broker 1");
    }

    @Test
    void aShareOntoANewBrokerMovesThatShareFillingItEvenly() {
        Map<String, List<List<Integer>>> six = Map.of("t", List.of(List.of(1), List.of(2), List.of(3), List.of(1), List.of(2), List.of(3)));
        Map<String, Map<Integer, List<Integer>>> plan = ReassignmentPlan.plan(six, List.of(1, 2, 3, 4), List.of(4), null, 0.34);
        assertEquals(3, plan.get("t").size(), "ceil(0.34 × 6) partitions");
        plan.get("t").values().forEach(r -> assertEquals(List.of(4), r));
    }

    @Test
    void theBytesToCopyCountEachReplicaAPartitionGains() {
        Map<String, Map<Integer, List<Integer>>> plan = Map.of("t", Map.of(0, List.of(2, 3), 1, List.of(2, 3)));
        assertEquals(Map.of("t", Map.of(0, 1, 1, 0)), ReassignmentPlan.addedReplicas(RF2_ON_3, plan));
    }
}
