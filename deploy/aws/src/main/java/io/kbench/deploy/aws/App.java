package io.kbench.deploy.aws;

import com.pulumi.Context;
import com.pulumi.Pulumi;

/** The Pulumi program ({@code pulumi up} in deploy/aws): kbench workers on EC2, optionally an MSK cluster. */
public final class App {

    private App() {}

    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    /** Reads the stack's config (all problems at once, before any resource) and declares the stack. */
    public static void stack(Context ctx) {
        DeployConfig config = DeployConfig.parse(ctx.config()::get);
        KbenchWorkers.define(ctx, config);
    }
}
