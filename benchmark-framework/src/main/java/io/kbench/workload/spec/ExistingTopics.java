package io.kbench.workload.spec;

import java.util.List;
import java.util.Set;

/**
 * The existing topics a run uses as they are (not created, not deleted), read from the file's four lists.
 *
 * @param names every existing topic, in the file's order, each once; empty when the run creates its topics
 * @param produceOnly the topics producers write and no subscription reads (the Redpanda fork's existingProduceTopicList)
 * @param consumeOnly the topics subscriptions read and no producer writes (the Redpanda fork's existingConsumeTopicList)
 */
public record ExistingTopics(List<String> names, Set<String> produceOnly, Set<String> consumeOnly) {

    /** A run that creates its own topics. */
    public static final ExistingTopics NONE = new ExistingTopics(List.of(), Set.of(), Set.of());

    public ExistingTopics {
        names = List.copyOf(names);
        produceOnly = Set.copyOf(produceOnly);
        consumeOnly = Set.copyOf(consumeOnly);
    }

    /** Whether the run uses existing topics instead of creating its own. */
    public boolean any() {
        return !names.isEmpty();
    }
}
