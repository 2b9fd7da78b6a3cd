package io.kbench.cli;

import java.util.List;

/**
 * A workers file ({@code --workers-file}): agent URLs, optionally dedicated to one role. OMB's
 * workers files ({@code workers:} only) read as they are.
 *
 * @param workers agents that may run producers and consumers
 * @param producerWorkers agents that only run producers
 * @param consumerWorkers agents that only run consumers
 */
public record WorkersFile(List<String> workers, List<String> producerWorkers, List<String> consumerWorkers) {

    public WorkersFile {
        workers = workers == null ? List.of() : List.copyOf(workers);
        producerWorkers = producerWorkers == null ? List.of() : List.copyOf(producerWorkers);
        consumerWorkers = consumerWorkers == null ? List.of() : List.copyOf(consumerWorkers);
    }

    boolean isEmpty() {
        return workers.isEmpty() && producerWorkers.isEmpty() && consumerWorkers.isEmpty();
    }
}
