package io.kbench.features.partitioncost;

import io.kbench.features.Feature;
import io.kbench.features.RunControl;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.model.ClientMetrics;
import io.kbench.model.Diagnosis;
import io.kbench.model.ResultSection;
import io.kbench.workload.Workload;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What partitions cost a run, seen from the cluster: the brokers' own request times over the measurement
 * where the run started the cluster ({@link BrokerRequests}, read through {@link RunControl#serverMetrics()}
 * when the window opens and closes), and where the publish latency went when producers write to many
 * partitions ({@link PartitionLatencyRule}, asked when the engine found no limit).
 */
public final class PartitionCostFeature implements Feature {

    @Override
    public String name() {
        return "partitioncost";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("brokerRequests", BrokerRequests.class));
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        return Optional.of(new RunPart() {
            private RunControl control;
            private Map<String, Double> atOpen;
            private BrokerRequests window;

            @Override
            public void loadStarted(RunControl c) {
                control = c;
            }

            @Override
            public void measurementStarted() {
                atOpen = read();
            }

            @Override
            public void measurementEnded() {
                window = BrokerRequests.between(atOpen, read());
            }

            private Map<String, Double> read() {
                try {
                    return control == null ? Map.of() : control.serverMetrics();
                } catch (RuntimeException e) {
                    return Map.of(); // the cluster cannot say: the section is left out
                }
            }

            @Override
            public Optional<ResultSection> section(RunFindings findings) {
                return Optional.ofNullable(window);
            }

            @Override
            public Optional<Diagnosis> limit(RunView view) {
                Workload w = view.workload();
                ClientMetrics metrics = view.section(ClientMetrics.class);
                return Optional.ofNullable(PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(view.measurement(),
                        metrics == null ? Map.of() : metrics.values(), view.section(BrokerRequests.class),
                        w.partitionsPerTopic() == null ? 0 : w.partitionsPerTopic(), w.topics() * w.producersPerTopic())));
            }
        });
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        BrokerRequests broker = run.section(BrokerRequests.class);
        if (broker == null || run.measurement() == null) {
            return;
        }
        lines.line(SummaryLines.Slot.CLOSING, String.format(Locale.ROOT, "Brokers over the measurement (the run's own cluster: %,d "
                + "partitions%s):", broker.partitions(), broker.brokerCpuCores() == null ? ""
                : String.format(Locale.ROOT, ", %.2f cores busy", broker.brokerCpuCores())));
        broker.requests().forEach(q -> lines.line(SummaryLines.Slot.CLOSING, "  " + q.line()));
    }
}
