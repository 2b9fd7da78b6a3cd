package io.kbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.workload.spec.RunSpecs;
import io.kbench.config.ConfigSource;
import io.kbench.features.PhaseOutcome;
import io.kbench.model.RunStatus;
import io.kbench.config.PlaceholderResolver;
import io.kbench.model.Diagnosis;
import io.kbench.result.RunResult;
import io.kbench.features.search.MaxRateSearch;
import io.kbench.features.search.SearchReport;
import io.kbench.worker.DriverFile;
import io.kbench.workload.LoadedWorkload;
import io.kbench.workload.WorkloadLoader;
import io.kbench.workload.WorkloadOverrides;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultAssemblerTest {

    @Test
    void aClientLimitedSearchHasOneDiagnosisAgreeingWithItsHeadline() {
        LoadedWorkload w = new WorkloadLoader(new PlaceholderResolver()).load(ConfigSource.of("w.yaml", """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                producersPerTopic: 1
                subscriptionsPerTopic: 0
                producerRate: 0
                testDuration: 10s
                """), WorkloadOverrides.NONE);
        CoordinatorInput spec = new CoordinatorInput("r1", w.workload(), RunSpecs.of(w.workload()), w.file(), w.payload(),
                new DriverFile("d.yaml", "name: d\ndriverClass: inmemory\n", null), "d", Map.of(), null, Map.of(),
                CoordinatorOptions.defaults(), List.of(), null);
        MaxRateSearch.ClientLimit limit = new MaxRateSearch.ClientLimit(2_735_488, 1_460_112.0, "the producers fell behind");
        SearchReport report = new SearchReport("producerRate 0", "throughput only", 0.05, 1_000, 2_000, 10_000, 60_000, 1_000,
                "probe", 2_000.0, List.of(), SearchReport.CONFIRMED, 1_367_744.0, 130.4, 1_367_744.0, null,
                "the cluster sustained at least 1,367,744 msg/s", "max sustainable rate: at least 1,367,744 msg/s", 30_000, limit);
        Diagnosis clients = Diagnosis.of(Diagnosis.Verdict.CLIENT_BOUND,
                List.of("the producers sent 1,460,112.0 msg/s of 2,735,488.0 requested (53.4%)"));

        // The confirmation kept its schedule, so judged alone it finds no limit ("no limit found"): before, the result
        // said so under a headline that blamed the clients.
        RunFacts facts = new RunFacts(0, RunStatus.COMPLETED, null, List.of(), null, List.of(), null, List.of(), List.of(),
                new PhaseResult.All(List.of(new PhaseResult.FeatureDone(new PhaseOutcome(report,
                        new PhaseOutcome.ChosenWindow(null, List.of(), clients, null))))));
        RunResult r = ResultAssembler.assemble(spec, facts, new ResultAssembler.Collected(1, List.of(), List.of(), null, null, null,
                List.of(), List.of(), List.of(), List.of())).result();

        assertEquals(clients, r.outcome().diagnosis());
        assertTrue(r.outcome().warnings().stream().anyMatch(x -> x.startsWith("client-bound: the producers sent 1,460,112.0 msg/s")),
                r.outcome().warnings().toString());
    }
}
