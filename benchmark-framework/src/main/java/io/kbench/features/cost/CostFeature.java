package io.kbench.features.cost;

import io.kbench.features.CommandContext;
import io.kbench.features.Feature;
import io.kbench.features.FeatureCommand;
import java.time.Clock;
import java.util.List;

/** What measured runs cost with a dated, sourced price file ({@code bin/benchmark cost}). */
public final class CostFeature implements Feature {

    @Override
    public String name() {
        return "cost";
    }

    @Override
    public List<FeatureCommand> commands() {
        return List.of(new FeatureCommand() {
            @Override
            public String name() {
                return "cost";
            }

            @Override
            public boolean runsWorkloads() {
                return false;
            }

            @Override
            public Object create(CommandContext context) {
                return new CostCommand(context.out(), context.err(), Clock.systemUTC());
            }
        });
    }
}
