package io.kbench.coordinator;

import io.kbench.driver.TopicSpec;
import io.kbench.worker.Worker;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.Locale;

/**
 * Creates topics in batches through a worker and reports progress for large counts. Remembers
 * what it created even when a later batch fails, so the run can clean up.
 */
final class TopicCreator {

    private final Worker workers;
    private final Consumer<String> console;
    private final int batchSize;
    private final List<String> created = new ArrayList<>();

    TopicCreator(Worker workers, Consumer<String> console, int batchSize) {
        this.workers = workers;
        this.console = console;
        this.batchSize = batchSize;
    }

    void create(List<TopicSpec> topics, StopSignal stop) {
        for (int from = 0; from < topics.size(); from += batchSize) {
            stop.check();
            List<TopicSpec> batch = topics.subList(from, Math.min(topics.size(), from + batchSize));
            workers.createTopics(batch);
            batch.forEach(t -> created.add(t.name()));
            if (topics.size() > batchSize) {
                console.accept(String.format(Locale.ROOT, "  created %d of %d topics", created.size(), topics.size()));
            }
        }
    }

    List<String> created() {
        return List.copyOf(created);
    }
}
