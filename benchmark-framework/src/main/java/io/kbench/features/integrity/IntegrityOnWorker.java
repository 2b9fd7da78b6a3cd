package io.kbench.features.integrity;

import io.kbench.driver.MessageStamp;
import io.kbench.features.AckListener;
import io.kbench.features.ConsumerListener;
import io.kbench.features.WorkerPart;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.LoadSpec;
import io.kbench.plan.ProducerSpec;
import io.kbench.plan.StampMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The integrity check on one worker: a checker per consumer (kept when the consumer closes: what it read
 * still counts), and each producer's acknowledged sequences.
 */
final class IntegrityOnWorker implements WorkerPart {

    private final String workerId;
    private final int runTag;
    private final List<ConsumerChecker> checkers = new ArrayList<>();
    private final List<ProducerAcks> producers = new ArrayList<>();

    IntegrityOnWorker(String workerId, int runTag) {
        this.workerId = workerId;
        this.runTag = runTag;
    }

    @Override
    public synchronized ConsumerListener listen(ConsumerSpec spec) {
        ConsumerChecker checker = spec.plan().share() ? ConsumerChecker.atLeastOnce(spec.subscription(), spec.topic(), runTag)
                : spec.plan().rereadsExpected() ? ConsumerChecker.acrossRebalances(spec.subscription(), spec.topic(), runTag)
                : new ConsumerChecker(spec.subscription(), spec.topic(), runTag);
        checkers.add(checker);
        return new ConsumerListener() {
            @Override
            public void onRecord(int partition, long position, MessageStamp stamp, long receivedNanos) {
                if (stamp != null && stamp.checksIntegrity()) {
                    checker.onMessage(partition, position, stamp.producerId(), stamp.sequence());
                }
            }

            @Override
            public void onSettled(int partition, MessageStamp stamp, int deliveryCount, long receivedNanos) {
                checker.onSettled(stamp, deliveryCount);
            }
        };
    }

    @Override
    public synchronized AckListener listen(ProducerSpec spec, long producerId, LoadSpec load) {
        if (load.stamps() != StampMode.TIME_AND_SEQUENCE) {
            return null;
        }
        ProducerAcks acks = new ProducerAcks(producerId, spec.topic(), new SequenceSet());
        producers.add(acks);
        return new AckListener() {
            @Override
            public void acked(long sequence) {
                acks.acked().add(sequence);
            }

            @Override
            public void aborted(long sequence) {
                acks.aborted().add(sequence);
            }
        };
    }

    @Override
    public synchronized IntegrityReport findings(ToIntFunction<String> liveMembers) {
        Map<String, List<SubscriptionTally>> bySubscription = new LinkedHashMap<>();
        Map<String, String> topics = new HashMap<>();
        for (ConsumerChecker c : checkers) {
            SubscriptionTally t = c.tally();
            bySubscription.computeIfAbsent(t.subscription(), k -> new ArrayList<>()).add(t);
            topics.put(t.subscription(), t.topic());
        }
        List<SubscriptionTally> subscriptions = new ArrayList<>();
        bySubscription.forEach((name, parts) -> subscriptions.add(SubscriptionTally.merge(name, topics.get(name), parts)));
        return new IntegrityReport(workerId, producers.stream().map(ProducerAcks::copy).toList(), subscriptions);
    }
}
