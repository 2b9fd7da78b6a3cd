package io.kbench.containers;

import java.util.ArrayList;
import java.util.List;

/**
 * The coordinator container's command line, in one place: what a Kubernetes Job of the Helm chart
 * runs, with the workers given by their addresses (a DNS name of all workers can take their place).
 *
 * @param workers agents that produce and consume
 * @param producerWorkers agents that only produce
 * @param consumerWorkers agents that only consume
 */
record CoordinatorCommand(List<String> workers, List<String> producerWorkers, List<String> consumerWorkers) {

    static final String TOKEN_FILE = "/etc/kbench/token/token";
    static final String RESULTS = "/opt/kbench/results";
    static final String WORKLOADS = "/opt/kbench/test-workloads";

    static CoordinatorCommand of(List<ContainerSuite.Worker> workers) {
        return new CoordinatorCommand(urls(workers), List.of(), List.of());
    }

    static CoordinatorCommand split(List<ContainerSuite.Worker> producers, List<ContainerSuite.Worker> consumers) {
        return new CoordinatorCommand(List.of(), urls(producers), urls(consumers));
    }

    /** {@code kbench run ...} on the Kafka preset (its bootstrap servers from KAFKA_BOOTSTRAP_SERVERS). */
    List<String> run(String workloadFile, List<String> options) {
        List<String> args = new ArrayList<>(List.of("run"));
        if (!workers.isEmpty()) {
            args.addAll(List.of("--workers", String.join(",", workers)));
        }
        if (!producerWorkers.isEmpty()) {
            args.addAll(List.of("--producer-workers", String.join(",", producerWorkers)));
        }
        if (!consumerWorkers.isEmpty()) {
            args.addAll(List.of("--consumer-workers", String.join(",", consumerWorkers)));
        }
        args.addAll(List.of("--worker-token-file", TOKEN_FILE, "--drivers", "driver-kafka/kafka.yaml", "--output-dir", RESULTS,
                "--no-report"));
        args.addAll(options);
        args.add(WORKLOADS + "/" + workloadFile);
        return args;
    }

    private static List<String> urls(List<ContainerSuite.Worker> workers) {
        return workers.stream().map(ContainerSuite.Worker::url).toList();
    }
}
