package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kbench.agent.AgentOptions;
import io.kbench.agent.WorkerAgent;
import io.kbench.coordinator.Coordinator;
import io.kbench.coordinator.CoordinatorInput;
import io.kbench.coordinator.StopSignal;
import io.kbench.features.zones.Zones;
import io.kbench.model.RunStatus;
import io.kbench.remote.HttpWorker;
import io.kbench.result.RunResult;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Zones of remote workers: an agent started with its zone ({@code bin/benchmark-worker --zone}), and one the coordinator
 * places in a zone (a workers file's {@code zones:}) over HTTP, both named in the result's zones section.
 */
@Timeout(60)
class ZonesHttpRunTest {

    private final OneClock one = new OneClock();

    @AfterEach
    void close() throws Exception {
        one.close();
    }

    @Test
    void anAgentsOwnZoneAndOneTheCoordinatorGivesBothReachTheResult() {
        WorkerAgent own = one.agent(new AgentOptions("127.0.0.1", 0, "a", OneClock.TOKEN, null, null, null, "az1"));
        WorkerAgent placed = one.agent(new AgentOptions("127.0.0.1", 0, "b", OneClock.TOKEN, null, null, null, "ignored"));
        CoordinatorInput spec = one.runs.spec(InMemoryRuns.workload("""
                partitionsPerTopic: 2
                messageSize: 100
                producersPerTopic: 2
                consumerPerSubscription: 2
                producerRate: 500
                messageCount: 500
                """), one.runs.driverFile(""), OneClock.options());
        List<Worker> members = List.of(one.http(own), new HttpWorker(placed.url(), one.client, OneClock.TOKEN, Duration.ofSeconds(10), null,
                "az2"));
        RunResult r;
        try (WorkerEnsemble workers = WorkerEnsemble.of(members)) {
            r = new Coordinator(workers, one.clock, new StopSignal(), one.runs.console).run(spec);
        }

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason());
        Zones zones = r.section(Zones.class);
        assertEquals(Map.of("a", "az1", "b", "az2"), zones.workerZones(), "by the agents' ids; the coordinator's zone over the agent's own");
        assertEquals("not measured: the driver does not count its clients' bytes per broker", zones.fetch().status());
    }
}
