package io.kbench.inmemory;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.AcknowledgementCommit;
import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClientMetric.Aggregation;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.DriverException;
import io.kbench.driver.ShareConsumerCallback;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A member of a share group ({@link InMemoryMember} runs the thread): it acquires a small batch of
 * records, hands them to the callback one at a time (the callback may take its time: the records' locks run
 * meanwhile), then commits the batch's acknowledgements at once and reports the group's answer.
 * In implicit mode every record delivered is accepted; in explicit mode the callback's answer counts
 * (a callback that throws or answers null releases the record, so it comes back).
 */
final class InMemoryShareConsumer extends InMemoryMember<ShareGroup.Delivery> {

    /** Records acquired at a time: small, so that several members of a busy partition all get some. */
    static final int BATCH = 10;

    private record Answer(ShareGroup.Delivery delivery, Acknowledgement ack) {}

    private final ShareGroup group;
    private final AcknowledgementMode mode;
    private final ShareConsumerCallback callback;
    private volatile long delivered;
    private volatile long lockLost;

    InMemoryShareConsumer(InMemoryCluster cluster, Topic topic, ConsumerRequest.ShareMember request, AtomicLong lastAnswerMillis,
                          Consumer<Object> onClose) {
        this(cluster, topic, topic.shareGroup(request.group()), request, lastAnswerMillis, onClose);
    }

    private InMemoryShareConsumer(InMemoryCluster cluster, Topic topic, ShareGroup group, ConsumerRequest.ShareMember request,
                                  AtomicLong lastAnswerMillis, Consumer<Object> onClose) {
        super(cluster, topic, group, "kbench-inmemory-share-consumer-" + topic.name + "-" + request.group(), lastAnswerMillis, onClose);
        this.group = group;
        this.mode = request.mode();
        this.callback = request.callback();
    }

    @Override
    void join() {
        group.join(this);
    }

    @Override
    List<ShareGroup.Delivery> take() {
        return group.acquire(this, BATCH);
    }

    /** Hands out the batch, then commits its acknowledgements; a crash stops it and sends none. */
    @Override
    void deliver(List<ShareGroup.Delivery> batch) {
        long receivedNanos = System.nanoTime();
        List<Answer> answers = new ArrayList<>(batch.size());
        for (ShareGroup.Delivery d : batch) {
            if (closed()) {
                break; // the records not handed out are released on close, kept locked by a crash
            }
            answers.add(new Answer(d, answer(d, receivedNanos)));
            delivered++;
        }
        if (!crashed()) {
            commit(answers);
        }
    }

    private Acknowledgement answer(ShareGroup.Delivery d, long receivedNanos) {
        Acknowledgement ack;
        try {
            ack = callback.messageReceived(d.message().payloadSizeBytes(), d.partition(), d.position(), d.message().stamp(),
                    d.deliveryCount(), receivedNanos);
        } catch (RuntimeException e) {
            ack = Acknowledgement.RELEASE;
        }
        if (mode == AcknowledgementMode.IMPLICIT) {
            return Acknowledgement.ACCEPT;
        }
        return ack == null ? Acknowledgement.RELEASE : ack;
    }

    /** Acknowledges the batch and reports one commit for what the group took, one for what it refused. */
    private void commit(List<Answer> answers) {
        long start = System.nanoTime();
        long[] taken = new long[Acknowledgement.values().length];
        long[] refused = new long[Acknowledgement.values().length];
        for (Answer a : answers) {
            boolean ok = group.acknowledge(this, a.delivery().partition(), a.delivery().position(), a.ack());
            (ok ? taken : refused)[a.ack().ordinal()]++;
        }
        long micros = (System.nanoTime() - start) / 1000;
        if (sum(taken) > 0) {
            report(new AcknowledgementCommit(taken[0], taken[1], taken[2], micros, null, false));
        }
        if (sum(refused) > 0) {
            lockLost += sum(refused);
            report(new AcknowledgementCommit(refused[0], refused[1], refused[2], micros, new DriverException(
                    "the acquisition lock of these records expired before they were acknowledged: the share group delivers them again"),
                    true));
        }
    }

    private void report(AcknowledgementCommit commit) {
        try {
            callback.acknowledgementsCommitted(commit);
        } catch (RuntimeException e) {
            // The framework's bookkeeping failed; the group's state is right either way.
        }
    }

    private static long sum(long[] counts) {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    @Override
    List<ClientMetric> metrics() {
        return List.of(new ClientMetric("inmemory-share-consumer:records-delivered-total", delivered, Aggregation.SUM),
                new ClientMetric("inmemory-share-consumer:acknowledgements-lock-lost-total", lockLost, Aggregation.SUM));
    }
}
