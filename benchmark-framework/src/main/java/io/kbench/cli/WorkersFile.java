package io.kbench.cli;

import java.util.List;
import java.util.Map;

/**
 * A workers file ({@code --workers-file}): agent URLs, optionally dedicated to one role. OMB's
 * workers files ({@code workers:} only) read as they are.
 *
 * @param workers agents that may run producers and consumers
 * @param producerWorkers agents that only run producers
 * @param consumerWorkers agents that only run consumers
 * @param zones the zone (availability zone) of each agent, by its URL as listed, over the zone it was started with
 *     ({@code bin/benchmark-worker --zone}); an agent not named keeps its own
 */
public record WorkersFile(List<String> workers, List<String> producerWorkers, List<String> consumerWorkers, Map<String, String> zones) {

    public WorkersFile(List<String> workers, List<String> producerWorkers, List<String> consumerWorkers) {
        this(workers, producerWorkers, consumerWorkers, null);
    }

    public WorkersFile {
        zones = zones == null ? Map.of() : Map.copyOf(zones);
        workers = workers == null ? List.of() : List.copyOf(workers);
        producerWorkers = producerWorkers == null ? List.of() : List.copyOf(producerWorkers);
        consumerWorkers = consumerWorkers == null ? List.of() : List.copyOf(consumerWorkers);
    }

    boolean isEmpty() {
        return workers.isEmpty() && producerWorkers.isEmpty() && consumerWorkers.isEmpty();
    }
}
