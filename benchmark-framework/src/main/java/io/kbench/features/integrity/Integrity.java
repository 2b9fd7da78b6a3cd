package io.kbench.features.integrity;

import io.kbench.model.ResultSection;
import io.kbench.model.StatusEvidence;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The integrity check's verdict for a run, over all of its messages (warmup included).
 *
 * @param checkedMessages messages of this run read by a subscription at a new position, over all subscriptions
 * @param lostMessages acknowledged messages some subscription never read after the drain, summed over
 *     subscriptions (those of aborted transactions excepted); null when that could not be checked
 * @param duplicateMessages messages read twice by one subscription at different positions
 * @param outOfOrderMessages messages read after a later message of the same producer on the same partition
 * @param redeliveredMessages positions a consumer read again (after a rebalance): skipped, not duplicates
 * @param notChecked why losses were not counted (consumers did not catch up, the run stopped early), or null
 */
public record Integrity(
        long checkedMessages,
        Long lostMessages,
        long duplicateMessages,
        long outOfOrderMessages,
        long redeliveredMessages,
        String notChecked) implements ResultSection, StatusEvidence {

    @Override
    public Optional<String> degradedBecause() {
        if (!violated()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        if (lostMessages != null && lostMessages > 0) {
            parts.add(String.format(Locale.ROOT, "lost (%,d acknowledged but never consumed)", lostMessages));
        }
        if (duplicateMessages > 0) {
            parts.add(String.format(Locale.ROOT, "duplicated (%,d)", duplicateMessages));
        }
        if (outOfOrderMessages > 0) {
            parts.add(String.format(Locale.ROOT, "reordered (%,d out of order)", outOfOrderMessages));
        }
        return Optional.of("messages were " + String.join(", ", parts));
    }

    /** True when a message was lost, duplicated or reordered. */
    public boolean violated() {
        return (lostMessages != null && lostMessages > 0) || duplicateMessages > 0 || outOfOrderMessages > 0;
    }

    /**
     * Compares what producers had acknowledged with what each subscription read.
     *
     * @param reports every worker's report
     * @param notChecked why losses cannot be judged (e.g. the consumers had not caught up), or null when they can
     */
    public static Integrity judge(List<IntegrityReport> reports, String notChecked) {
        Map<Long, SequenceSet> acked = new HashMap<>();
        Map<Long, SequenceSet> aborted = new HashMap<>();
        Map<Long, String> topicOf = new HashMap<>();
        Map<String, List<SubscriptionTally>> bySubscription = new LinkedHashMap<>();
        Map<String, String> topicOfSubscription = new HashMap<>();
        for (IntegrityReport r : reports) {
            for (ProducerAcks p : r.producers()) {
                acked.computeIfAbsent(p.producerId(), id -> new SequenceSet()).addAll(p.acked());
                aborted.computeIfAbsent(p.producerId(), id -> new SequenceSet()).addAll(p.aborted());
                topicOf.put(p.producerId(), p.topic());
            }
            for (SubscriptionTally t : r.subscriptions()) {
                bySubscription.computeIfAbsent(t.subscription(), s -> new ArrayList<>()).add(t);
                topicOfSubscription.put(t.subscription(), t.topic());
            }
        }
        // Messages of aborted transactions were acknowledged, but consumers reading committed data never get them.
        aborted.forEach((id, sequences) -> acked.get(id).removeAll(sequences));
        long checked = 0;
        long lost = 0;
        long duplicates = 0;
        long outOfOrder = 0;
        long redelivered = 0;
        for (Map.Entry<String, List<SubscriptionTally>> e : bySubscription.entrySet()) {
            String topic = topicOfSubscription.get(e.getKey());
            SubscriptionTally s = SubscriptionTally.merge(e.getKey(), topic, e.getValue());
            checked += s.checkedMessages();
            duplicates += s.duplicateMessages();
            outOfOrder += s.outOfOrderMessages();
            redelivered += s.redeliveredMessages();
            for (Map.Entry<Long, SequenceSet> p : acked.entrySet()) {
                if (topic != null && topic.equals(topicOf.get(p.getKey()))) {
                    SequenceSet seen = s.seenByProducer().get(p.getKey());
                    lost += seen == null ? p.getValue().size() : p.getValue().missingFrom(seen);
                }
            }
        }
        return new Integrity(checked, notChecked == null ? lost : null, duplicates, outOfOrder, redelivered, notChecked);
    }

    /** One line for the final report. */
    public String line() {
        String lost = lostMessages == null ? "losses not checked (" + notChecked + ")" : String.format(Locale.ROOT, "%,d lost", lostMessages);
        String verdict = violated() ? "FAILED" : lostMessages == null ? "partial" : "OK";
        return String.format(Locale.ROOT, "Integrity %s: %,d messages checked, %s, %,d duplicated, %,d out of order%s", verdict,
                checkedMessages, lost, duplicateMessages, outOfOrderMessages,
                redeliveredMessages == 0 ? "" : String.format(Locale.ROOT, " (%,d read again after rebalances, not counted)",
                        redeliveredMessages));
    }
}
