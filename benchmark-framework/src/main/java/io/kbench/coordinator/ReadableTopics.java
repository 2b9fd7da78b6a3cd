package io.kbench.coordinator;

import io.kbench.config.DurationParser;
import io.kbench.driver.TopicOffsets;
import io.kbench.features.RunFailedException;
import io.kbench.util.Errors;
import io.kbench.worker.Worker;
import io.kbench.workload.PastReads;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Existing topics that groups read the past of, checked before anything runs: a start at an age may not reach back
 * further than a topic keeps records (checked first: a mistake in the workload, whatever the topics hold); a
 * consume-only run reads what they hold, so none may be empty.
 */
final class ReadableTopics {

    private static final Logger log = LoggerFactory.getLogger(ReadableTopics.class);

    private ReadableTopics() {}

    /** @throws RunFailedException naming the empty topics, or the topic whose retention the age exceeds */
    static void check(Worker workers, RunSpec w, List<String> existing) {
        PastReads past = w.subscriptions().pastReads().orElse(null);
        if (past == null || past.subscriptionsPerTopic() == 0) {
            return;
        }
        List<String> read = existing.stream().filter(w.topology()::consumes).toList();
        if (read.isEmpty()) {
            return;
        }
        if (past.from() == PastReads.From.AGE) {
            Map<String, Long> retention;
            try {
                retention = workers.topicRetentionMillis(read);
            } catch (RuntimeException e) {
                log.info("Not checking the age catchUp.from against the topics' retention: {}", Errors.describe(e));
                retention = Map.of();
            }
            for (String t : read) {
                Long ms = retention.get(t);
                if (ms != null && ms >= 0 && past.ageMillis() > ms) {
                    throw new RunFailedException("catchUp.from " + past.fromText() + " reaches back further than topic " + t
                            + " keeps records (retention " + DurationParser.format(Duration.ofMillis(ms)) + "): give an age up to "
                            + DurationParser.format(Duration.ofMillis(ms)) + ", or from: earliest to read all it holds");
                }
            }
        }
        if (past.consumeOnly() && past.from() != PastReads.From.END) {
            Map<String, TopicOffsets> offsets = workers.topicOffsets(read);
            List<String> empty = read.stream().filter(t -> offsets.containsKey(t) && offsets.get(t).span() == 0).toList();
            if (!empty.isEmpty()) {
                throw new RunFailedException("existing topic" + (empty.size() == 1 ? " " : "s ") + String.join(", ", empty)
                        + (empty.size() == 1 ? " holds" : " hold") + " no record: a consume-only run reads what its topics hold. "
                        + "Write records first (e.g. kafka-producer-perf-test), or read what others write during the run "
                        + "(catchUp.from: end with a testDuration)");
            }
        }
    }
}
