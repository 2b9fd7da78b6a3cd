package io.kbench.plan;

import io.kbench.model.ResultSection;
import java.util.Locale;

/**
 * How long the run's topics took to set up and to remove: from the first creation call to the last
 * partition served (every partition in the cluster's metadata and answered for by its leader), and
 * the deletion at the end. Only for topics the run creates. Times in milliseconds.
 *
 * @param topics the topics created
 * @param partitions their partitions, all together (before replication)
 * @param calls the creation calls the coordinator made (each split further into the requests the cluster accepts)
 * @param createMillis from the first call to the last partition served; for a creation that failed, until it failed
 * @param deleteMillis how long deleting them took, or null when they were kept or not deleted
 */
public record TopicSetup(int topics, long partitions, int calls, long createMillis, Long deleteMillis) implements ResultSection {

    /** The same, with the deletion's time. */
    public TopicSetup deleted(long millis) {
        return new TopicSetup(topics, partitions, calls, createMillis, millis);
    }

    /** "10 topics, 10,000 partitions, created and served in 31.2 s (5 calls)". */
    public String line() {
        return String.format(Locale.ROOT, "Topics: %,d topic(s), %,d partitions, created and served in %.1f s (%d call(s))%s",
                topics, partitions, createMillis / 1e3, calls,
                deleteMillis == null ? "" : String.format(Locale.ROOT, "; deleted in %.1f s", deleteMillis / 1e3));
    }
}
