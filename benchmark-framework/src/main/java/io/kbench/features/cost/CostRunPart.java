package io.kbench.features.cost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.features.RunPart;
import io.kbench.features.RunView;
import io.kbench.model.ResultSection;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;

/**
 * Prices a run given {@code --prices} once its result is judged: the run's figures are read from its view in the shape
 * of a result file, so that a run and {@code bin/benchmark cost} on its result price the same way.
 */
final class CostRunPart implements RunPart {

    private final PriceFile prices;
    private final CostSetup setup;
    private final Clock clock;

    CostRunPart(PriceFile prices, CostSetup setup, Clock clock) {
        this.prices = prices;
        this.setup = setup;
        this.clock = clock;
    }

    @Override
    public Optional<ResultSection> verdict(RunView run) {
        if (run.measurement() == null) {
            return Optional.empty();
        }
        RunCost cost = CostCalculator.cost(ResultReader.figures("this run", asResult(run)), prices, setup);
        return Optional.of(CostSection.of(cost, PriceFileReader.ageWarning(prices, clock).orElse(null)));
    }

    /** The parts of a result file the cost reads; the driver file is not in a run's view, so its replication factor is not known here. */
    static ObjectNode asResult(RunView run) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.putObject("workloadConfig").put("name", run.workload().name());
        root.put("status", run.status().name().toLowerCase(Locale.ROOT));
        root.putObject("measurement").put("publishMBps", run.measurement().publishMBps())
                .put("consumeMBps", run.measurement().consumeMBps());
        for (String key : new String[] {"search", "provenance", "zones", "ckuCheck"}) {
            JsonNode section = run.sectionJson(key);
            if (section != null) {
                root.set(key, section);
            }
        }
        return root;
    }
}
