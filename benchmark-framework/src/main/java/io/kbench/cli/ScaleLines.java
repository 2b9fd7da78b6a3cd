package io.kbench.cli;

import io.kbench.coordinator.Console;
import io.kbench.partitioncost.BrokerRequests;
import io.kbench.partitioncost.WorkerMemories;
import io.kbench.result.RunResult;
import io.kbench.topics.TopicSetup;
import java.util.Locale;

/**
 * The final report's lines on what the run's size cost: how long its topics took to create, serve and
 * delete, the workers' memory, and the brokers' own request times where the run owns the cluster.
 */
final class ScaleLines {

    private ScaleLines() {}

    static void print(RunResult r, Console out) {
        TopicSetup topics = r.section(TopicSetup.class);
        if (topics != null) {
            out.line(topics.line());
        }
        WorkerMemories memory = r.section(WorkerMemories.class);
        if (memory != null) {
            out.line(memory.line());
        }
        BrokerRequests broker = r.section(BrokerRequests.class);
        if (broker != null) {
            out.line(String.format(Locale.ROOT, "Brokers over the measurement (the run's own cluster: %,d partitions%s):",
                    broker.partitions(), broker.brokerCpuCores() == null ? ""
                            : String.format(Locale.ROOT, ", %.2f cores busy", broker.brokerCpuCores())));
            broker.requests().forEach(q -> out.line("  " + q.line()));
        }
    }
}
