package io.kbench.features.sharegroup;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.AcknowledgementCommit;
import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ShareConsumerCallback;
import io.kbench.time.BenchmarkClock;
import java.util.SplittableRandom;

import io.kbench.plan.ProcessingTime;
/**
 * What one share consumer does with each record it is delivered: takes its processing time, decides
 * its acknowledgement, counts it in its group's {@link ShareTally}, and hands a settled record
 * (accepted, rejected or archived) to the worker, which counts it as consumed and checks its integrity.
 */
public final class ShareMember implements ShareConsumerCallback {

    /** The worker's part: a record this member settled. */
    @FunctionalInterface
    public interface Settled {
        /**
         * @param receivedNanos when the member got the record, on the worker's clock
         */
        void settled(int payloadBytes, int partition, MessageStamp stamp, int deliveryCount, long receivedNanos);
    }

    private final ShareTally tally;
    private final BenchmarkClock clock;
    private final AcknowledgementMode mode;
    private final AcknowledgementPolicy policy;
    private final ProcessingTime processing;
    private final SplittableRandom random;
    private final Settled settled;

    public ShareMember(ShareTally tally, BenchmarkClock clock, AcknowledgementMode mode, AcknowledgementPolicy policy,
                       ProcessingTime processing, long seed, Settled settled) {
        this.tally = tally;
        this.clock = clock;
        this.mode = mode;
        this.policy = mode == AcknowledgementMode.IMPLICIT ? AcknowledgementPolicy.ACCEPT_ALL : policy;
        this.processing = processing;
        this.random = new SplittableRandom(seed);
        this.settled = settled;
    }

    @Override
    public Acknowledgement messageReceived(int payloadSizeBytes, int partition, long position, MessageStamp stamp, int deliveryCount,
                                           long receivedNanos) {
        long got = clock.nanoTime();
        long firstDelivery = stamp == null ? Long.MIN_VALUE : clock.epochMicrosAt(got) - stamp.intendedSendEpochMicros();
        long work = processing.sampleNanos(random);
        if (work > 0) {
            try {
                clock.parkUntil(got + work);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the consumer is closing: acknowledge and let it stop
            }
        }
        Acknowledgement ack = policy.decide(random);
        long done = clock.nanoTime();
        long doneEpoch = clock.epochMicrosAt(done);
        long acknowledged = stamp == null ? Long.MIN_VALUE : doneEpoch - stamp.intendedSendEpochMicros();
        if (tally.acknowledged(ack, deliveryCount, payloadSizeBytes, firstDelivery, acknowledged, clock.epochMicrosAt(got), doneEpoch,
                this)) {
            settled.settled(payloadSizeBytes, partition, stamp, deliveryCount, got);
        }
        return ack;
    }

    @Override
    public void acknowledgementsCommitted(AcknowledgementCommit commit) {
        tally.committed(commit);
    }

    /** The acknowledgement mode the driver is asked for. */
    public AcknowledgementMode mode() {
        return mode;
    }
}
