package io.kbench.features.sizing;

import io.kbench.features.CommandContext;
import io.kbench.features.Feature;
import io.kbench.features.FeatureCommand;
import java.util.List;

/** Sizing a cluster from its traffic and retention ({@code bin/benchmark size}), as the MSK study sizes its brokers. */
public final class SizingFeature implements Feature {

    @Override
    public String name() {
        return "sizing";
    }

    @Override
    public List<FeatureCommand> commands() {
        return List.of(new FeatureCommand() {
            @Override
            public String name() {
                return "size";
            }

            @Override
            public boolean runsWorkloads() {
                return false;
            }

            @Override
            public Object create(CommandContext context) {
                return new SizeCommand(context.out(), context.err());
            }
        });
    }
}
