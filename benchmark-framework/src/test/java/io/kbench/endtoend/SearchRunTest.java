package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.agent.WorkerAgent;
import io.kbench.coordinator.CoordinatorInput;
import io.kbench.coordinator.CoordinatorOptions;
import io.kbench.features.search.SearchReport;
import io.kbench.features.search.SearchSettings;
import io.kbench.features.search.Slo;
import io.kbench.features.search.StepResult;
import io.kbench.model.RunStatus;
import io.kbench.result.RunResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * find-max on the one-clock harness: two agents over HTTP, an in-memory cluster with a produce quota, and
 * every step's settle and measurement timed in run time. The search's logic (grow, bisect, confirm, the
 * answer below every failure) in seconds; the real broker's quota is FindMaxTest's.
 */
@Timeout(120)
class SearchRunTest {

    private final OneClock one = new OneClock();

    @AfterEach
    void close() throws Exception {
        one.close();
    }

    @Test
    void aSearchGrowsBisectsAndConfirmsARateUnderTheClustersQuotaStepByStepInRunTime() {
        List<WorkerAgent> two = one.agents(2);
        Duration settle = Duration.ofSeconds(1);
        Duration step = Duration.ofSeconds(3);
        CoordinatorOptions options = OneClock.options().withSettings(new SearchSettings(Slo.THROUGHPUT_ONLY, 0.1, settle, step,
                step, Duration.ofMinutes(5), Duration.ofSeconds(2), false));
        CoordinatorInput spec = one.runs.spec(InMemoryRuns.workload("""
                partitionsPerTopic: 4
                messageSize: 100
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 250
                warmupDuration: 0s
                testDuration: 3s
                """), one.runs.driverFile("maxMessagesPerSecond: 2000\n"), options);
        long startedAt = one.clock.nanoTime();

        RunResult r = one.run(two, spec);

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + one.runs.consoleText());
        SearchReport search = r.section(SearchReport.class);
        System.out.println(search.finalLine() + " in " + search.steps().size() + " steps: " + search.steps().stream()
                .map(s -> s.stage() + " " + Math.round(s.requestedRate()) + (s.passed() ? " ok" : " failed " + s.reasons())).toList()); // for the report
        assertEquals("confirmed", search.outcome(), search + "\n" + one.runs.consoleText());
        List<String> stages = search.steps().stream().map(StepResult::stage).toList();
        assertTrue(stages.contains("grow") && stages.contains("bisect"), stages.toString());
        assertEquals("confirm", stages.get(stages.size() - 1), stages.toString());
        double found = search.maxRate();
        double lowestFail = search.steps().stream().filter(s -> !s.passed()).mapToDouble(StepResult::requestedRate).min()
                .orElse(Double.MAX_VALUE);
        assertTrue(found < lowestFail, "the answer lies below every failure: " + found + " vs " + lowestFail);
        assertTrue(found <= 2000 && found >= 1000, "found " + found + " msg/s under a quota of 2,000: " + stages);
        for (StepResult s : search.steps()) {
            // Each step was measured for its length in run time; the calls to the agents that reset and stop it add a
            // moment of real time, ten of run time (up to 167 ms of real time on a loaded machine).
            assertTrue(s.measuredMillis() >= step.toMillis() && s.measuredMillis() < step.toMillis() + 3_000, s.toString());
            if (!s.passed()) {
                assertTrue(!s.reasons().isEmpty(), "a failed step says why: " + s);
                assertTrue(!s.clientBound(), "the quota, not the clients, held the rate: " + s);
            }
        }
        // Steps of 1 s settling and 3 s measured: the search's run time is theirs, whatever the machine's pace.
        assertTrue(one.secondsSince(startedAt) >= search.steps().size() * 4.0, one.secondsSince(startedAt) + " s for "
                + search.steps().size() + " steps");
    }
}
