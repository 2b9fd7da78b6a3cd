package io.kbench.cli;

import io.kbench.coordinator.Console;
import io.kbench.plan.TopicSetup;
import io.kbench.result.RunResult;

/**
 * The final report's line on what the run's size cost the engine: how long its topics took to create
 * (until every partition was served) and to delete. The workers' memory and the brokers' request times
 * are their features' lines.
 */
final class ScaleLines {

    private ScaleLines() {}

    static void print(RunResult r, Console out) {
        TopicSetup topics = r.section(TopicSetup.class);
        if (topics != null) {
            out.line(topics.line());
        }
    }
}
