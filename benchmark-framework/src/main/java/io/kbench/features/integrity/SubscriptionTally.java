package io.kbench.features.integrity;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What consumers of one subscription (consumer group) checked: on one consumer, one worker, or all.
 *
 * @param subscription the consumer group
 * @param topic the topic it reads
 * @param checkedMessages messages of this run read at a new position
 * @param duplicateMessages messages whose producer and sequence had already been read at another position
 * @param outOfOrderMessages messages read after a later sequence of the same producer on the same partition
 * @param redeliveredMessages positions read again (the client went back, e.g. after a rebalance): not checked
 * @param unstampedMessages messages without producer id and sequence (integrity checks off, or not ours)
 * @param foreignMessages messages of another run found in the topic
 * @param seenByProducer the sequences read, by producer id
 * @param atLeastOnce a share group's tally: sequences are the records settled (accepted or rejected), and one
 *     settled by two members is a redelivery (its lock ran out, or its member left), not a duplicate
 */
public record SubscriptionTally(
        String subscription,
        String topic,
        long checkedMessages,
        long duplicateMessages,
        long outOfOrderMessages,
        long redeliveredMessages,
        long unstampedMessages,
        long foreignMessages,
        Map<Long, SequenceSet> seenByProducer,
        boolean atLeastOnce) {

    /**
     * Tallies of the same subscription from several consumers: counts add up, and a sequence that
     * more than one consumer read counts as a duplicate (the log held it at two positions, or a
     * partition was read again by its next owner).
     */
    public static SubscriptionTally merge(String subscription, String topic, List<SubscriptionTally> parts) {
        long checked = 0;
        long duplicates = 0;
        long outOfOrder = 0;
        long redelivered = 0;
        long unstamped = 0;
        long foreign = 0;
        Map<Long, SequenceSet> union = new HashMap<>();
        boolean atLeastOnce = !parts.isEmpty() && parts.stream().allMatch(SubscriptionTally::atLeastOnce);
        for (SubscriptionTally t : parts) {
            checked += t.checkedMessages;
            duplicates += t.duplicateMessages;
            outOfOrder += t.outOfOrderMessages;
            redelivered += t.redeliveredMessages;
            unstamped += t.unstampedMessages;
            foreign += t.foreignMessages;
            for (Map.Entry<Long, SequenceSet> e : t.seenByProducer.entrySet()) {
                SequenceSet into = union.get(e.getKey());
                if (into == null) {
                    union.put(e.getKey(), e.getValue().copy());
                } else {
                    long both = into.intersectionSize(e.getValue());
                    if (atLeastOnce) {
                        checked -= both; // settled once more by another member: counted once
                        redelivered += both;
                    } else {
                        duplicates += both;
                    }
                    into.addAll(e.getValue());
                }
            }
        }
        return new SubscriptionTally(subscription, topic, checked, duplicates, outOfOrder, redelivered, unstamped, foreign, union,
                atLeastOnce);
    }
}
