package io.kbench.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import io.kbench.plan.ProducerSpec;
import io.kbench.plan.ConsumerSpec;
class AssignmentTest {

    private static List<ProducerSpec> producers(int n) {
        List<ProducerSpec> specs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            specs.add(new ProducerSpec("t" + (i % 2), i));
        }
        return specs;
    }

    private static List<ConsumerSpec> consumers(int n) {
        List<ConsumerSpec> specs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            specs.add(new ConsumerSpec("t0", "sub-" + i));
        }
        return specs;
    }

    private static List<Integer> sizes(List<? extends List<?>> lists) {
        return lists.stream().map(List::size).toList();
    }

    @Test
    void produceOnlyWorkloadUsesEveryWorker() {
        Assignment a = new Assignment(List.of(WorkerRole.ANY, WorkerRole.ANY, WorkerRole.ANY));
        List<List<ProducerSpec>> batch = a.assignProducers(producers(7));
        assertEquals(List.of(3, 2, 2), sizes(batch));
        assertEquals(List.of(0, 3, 6), batch.get(0).stream().map(ProducerSpec::index).toList(), "dealt in turn");
        assertEquals(batch.get(1), a.producersOf(1));
        assertEquals(List.of(), a.consumersOf(0));
    }

    @Test
    void oneProducerAndOneConsumerLandOnDifferentWorkers() {
        // Consumers first, as the coordinator creates them.
        Assignment a = new Assignment(List.of(WorkerRole.ANY, WorkerRole.ANY));
        assertEquals(List.of(1, 0), sizes(a.assignConsumers(consumers(1))));
        assertEquals(List.of(0, 1), sizes(a.assignProducers(producers(1))));

        // And the other way round.
        Assignment b = new Assignment(List.of(WorkerRole.ANY, WorkerRole.ANY));
        assertEquals(List.of(1, 0), sizes(b.assignProducers(producers(1))));
        assertEquals(List.of(0, 1), sizes(b.assignConsumers(consumers(1))));
    }

    @Test
    void eachKindIsSpreadEvenBeforeTotalsAreBalanced() {
        Assignment a = new Assignment(List.of(WorkerRole.ANY, WorkerRole.ANY));
        a.assignConsumers(consumers(3)); // 2 + 1
        // Producers go by fewest producers first: 2 producers go one to each worker, not both to worker 1.
        assertEquals(List.of(1, 1), sizes(a.assignProducers(producers(2))));
        // A third: equal producers, so the worker with fewer in all (worker 1: 1 + 1) takes it.
        assertEquals(List.of(0, 1), sizes(a.assignProducers(producers(1))));
        assertEquals(2, a.producersOf(1).size());
        assertEquals(2, a.consumersOf(0).size());
    }

    @Test
    void dedicatedRolesAreRespected() {
        Assignment a = new Assignment(List.of(WorkerRole.PRODUCE, WorkerRole.CONSUME, WorkerRole.PRODUCE, WorkerRole.CONSUME));
        assertEquals(List.of(0, 2, 0, 2), sizes(a.assignConsumers(consumers(4))));
        assertEquals(List.of(3, 0, 2, 0), sizes(a.assignProducers(producers(5))));
    }

    @Test
    void anyWorkerTakesWhatNoDedicatedOneMay() {
        Assignment a = new Assignment(List.of(WorkerRole.PRODUCE, WorkerRole.ANY));
        assertEquals(List.of(0, 2), sizes(a.assignConsumers(consumers(2))));
        // Producers: equal producer counts (0), worker 0 has fewer in all.
        assertEquals(List.of(1, 0), sizes(a.assignProducers(producers(1))));
    }

    @Test
    void failsWhenNoWorkerMayConsume() {
        Assignment a = new Assignment(List.of(WorkerRole.PRODUCE, WorkerRole.PRODUCE));
        WorkerException e = assertThrows(WorkerException.class, () -> a.assignConsumers(consumers(1)));
        assertEquals("no worker may run consumers: every worker is dedicated to the other role", e.getMessage());
        assertTrue(a.consumersOf(0).isEmpty());

        Assignment b = new Assignment(List.of(WorkerRole.CONSUME));
        WorkerException p = assertThrows(WorkerException.class, () -> b.assignProducers(producers(1)));
        assertTrue(p.getMessage().startsWith("no worker may run producers"), p.getMessage());
    }

    @Test
    void laterBatchesAddToEarlierOnes() {
        Assignment a = new Assignment(List.of(WorkerRole.ANY, WorkerRole.ANY));
        a.assignProducers(producers(1));
        List<List<ProducerSpec>> second = a.assignProducers(List.of(new ProducerSpec("t", 9)));
        assertEquals(List.of(0, 1), sizes(second), "the batch holds only the new producer");
        assertEquals(1, a.producersOf(0).size());
        assertEquals(9, a.producersOf(1).get(0).index());
    }
}
