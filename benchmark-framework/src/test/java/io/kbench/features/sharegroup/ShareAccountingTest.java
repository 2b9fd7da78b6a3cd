package io.kbench.features.sharegroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.AcknowledgementCommit;
import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.MessageStamp;
import io.kbench.stats.LatencySummary;
import io.kbench.time.ManualClock;
import io.kbench.workload.SubscriptionSpec.ProcessingDistribution;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

import io.kbench.plan.ProcessingTime;
/** The counting rules of share groups, on the manual clock: nothing sleeps, every time is exact. */
class ShareAccountingTest {

    private final ManualClock clock = new ManualClock();
    private final List<Integer> settledDeliveryCounts = new ArrayList<>();

    private ShareMember member(ShareTally tally, AcknowledgementPolicy policy, ProcessingTime processing) {
        return new ShareMember(tally, clock, AcknowledgementMode.EXPLICIT, policy, processing, 42,
                (bytes, partition, stamp, deliveryCount, received) -> settledDeliveryCounts.add(deliveryCount));
    }

    private MessageStamp sentMillisAgo(long millis) {
        return MessageStamp.timeOnly(clock.epochMicros() - millis * 1_000);
    }

    @Test
    void processingTimeIsSpentOnTheClockAndBothEndToEndLatenciesAreMeasured() {
        ShareTally tally = new ShareTally("g", "t", null, clock.epochMicros());
        ShareMember m = member(tally, AcknowledgementPolicy.ACCEPT_ALL, new ProcessingTime(10_000, ProcessingDistribution.FIXED));
        long start = clock.nanoTime();

        Acknowledgement ack = m.messageReceived(100, 0, 0, sentMillisAgo(5), 1, start);

        assertEquals(Acknowledgement.ACCEPT, ack);
        assertEquals(10_000_000, clock.nanoTime() - start, "10 ms of processing, spent on the clock");
        ShareFigures f = tally.figures("w", 1);
        assertEquals(5_000, LatencySummary.of(f.endToEndFirstDeliveryMicros()).maxMicros(), 5, "5 ms to first delivery");
        assertEquals(15_000, LatencySummary.of(f.endToEndAcceptedMicros()).maxMicros(), 15, "5 ms + 10 ms of processing to acceptance");
        assertEquals(List.of(1), settledDeliveryCounts);
    }

    @Test
    void deliveredIsAcceptedPlusReleasedPlusRejectedAndOnlyReleasesComeBack() {
        ShareTally tally = new ShareTally("g", "t", 3, clock.epochMicros());
        ShareMember m = member(tally, new AcknowledgementPolicy(30, 20), ProcessingTime.NONE);
        int released = 0;
        for (int i = 0; i < 10_000; i++) {
            if (m.messageReceived(10, 0, i, sentMillisAgo(1), 1, clock.nanoTime()) == Acknowledgement.RELEASE) {
                released++;
            }
        }
        ShareFigures f = tally.figures("w", 1);
        assertEquals(10_000, f.delivered());
        assertEquals(f.delivered(), f.accepted() + f.released() + f.rejected());
        assertEquals(released, f.released());
        assertEquals(3_000, f.released(), 300, "30% released");
        assertEquals(2_000, f.rejected(), 300, "20% rejected");
        assertEquals(0, f.redeliveries());
        assertEquals(f.accepted() + f.rejected(), settledDeliveryCounts.size(), "accepted and rejected records are settled");
    }

    @Test
    void aDeliveryCountAboveOneIsARedeliveryAndAReleaseAtTheLimitArchives() {
        ShareTally tally = new ShareTally("g", "t", 3, clock.epochMicros());
        ShareMember releaseAll = member(tally, new AcknowledgementPolicy(100, 0), ProcessingTime.NONE);

        releaseAll.messageReceived(10, 0, 7, sentMillisAgo(1), 1, clock.nanoTime());
        releaseAll.messageReceived(10, 0, 7, sentMillisAgo(1), 2, clock.nanoTime());
        releaseAll.messageReceived(10, 0, 7, sentMillisAgo(1), 3, clock.nanoTime());

        ShareFigures f = tally.figures("w", 1);
        assertEquals(3, f.delivered());
        assertEquals(3, f.released());
        assertEquals(2, f.redeliveries(), "deliveries 2 and 3 are redeliveries");
        assertEquals(1, f.archived(), "released on the 3rd of 3 allowed deliveries: archived");
        assertEquals(List.of(3), settledDeliveryCounts, "an archived record is settled: it never comes back");
        assertEquals(1, LatencySummary.of(f.endToEndFirstDeliveryMicros()).count(), "first-delivery latency only for count 1");
    }

    @Test
    void lockExpiriesAndFailedCommitsAreCountedByRecordsAndCommitLatencyIsKept() {
        ShareTally tally = new ShareTally("g", "t", null, clock.epochMicros());
        tally.committed(new AcknowledgementCommit(10, 0, 0, 2_000, null, false));
        tally.committed(new AcknowledgementCommit(3, 1, 0, 4_000, new RuntimeException("lock gone"), true));
        tally.committed(new AcknowledgementCommit(2, 0, 0, 8_000, new RuntimeException("broker gone"), false));

        ShareFigures f = tally.figures("w", 1);
        assertEquals(4, f.lockExpiries());
        assertEquals(2, f.failedAcknowledgements());
        assertEquals(3, f.commits());
        LatencySummary commits = LatencySummary.of(f.commitMicros());
        assertEquals(3, commits.count());
        assertEquals(8_000, commits.maxMicros(), 8);
    }

    @Test
    void implicitModeAcceptsWhateverThePolicySays() {
        ShareTally tally = new ShareTally("g", "t", null, clock.epochMicros());
        ShareMember m = new ShareMember(tally, clock, AcknowledgementMode.IMPLICIT, new AcknowledgementPolicy(100, 0),
                ProcessingTime.NONE, 1, (b, p, s, d, r) -> {});
        assertEquals(Acknowledgement.ACCEPT, m.messageReceived(1, 0, 0, null, 1, clock.nanoTime()));
        assertEquals(1, tally.figures("w", 1).accepted());
    }

    @Test
    void theRateRunsFromTheResetToTheLastAcceptanceAndResetDropsTheWarmup() {
        ShareTally tally = new ShareTally("g", "t", null, clock.epochMicros());
        ShareMember m = member(tally, AcknowledgementPolicy.ACCEPT_ALL, new ProcessingTime(1_000, ProcessingDistribution.FIXED));
        m.messageReceived(1_048_576, 0, 0, null, 1, clock.nanoTime()); // warmup
        tally.reset(clock.epochMicros());
        for (int i = 0; i < 1_000; i++) {
            m.messageReceived(1_048, 0, i + 1, null, 1, clock.nanoTime()); // 1 ms each
        }
        ShareFigures f = tally.figures("w", 1);
        assertEquals(1_000, f.accepted());
        assertEquals(1_000, f.acceptedPerSecond(), 0.001, "1,000 records in 1 s");
        ShareGroups merged = ShareGroups.of(List.of(f, tally.figures("w2", 2)));
        assertEquals(2 * 1_048_000 / 1_048_576.0, merged.groups().get(0).consumedMBPerSecond(), 1e-6, "both workers' bytes in 1 s");
        assertEquals(3, merged.groups().get(0).consumers());
        assertEquals(2_000, merged.groups().get(0).accepted());
        assertEquals(2, merged.groups().get(0).workers().size());
        assertTrue(merged.lines().get(0).startsWith("Share group g (3 consumers, 2 received records): 2,000 delivered, 2,000 accepted"), merged.lines().get(0));
    }

    @Test
    void processingTimesFollowTheirDistribution() {
        SplittableRandom r = new SplittableRandom(7);
        for (ProcessingDistribution d : ProcessingDistribution.values()) {
            ProcessingTime p = new ProcessingTime(10_000, d);
            double sum = 0;
            long max = 0;
            for (int i = 0; i < 20_000; i++) {
                long n = p.sampleNanos(r);
                assertTrue(n >= 0);
                sum += n;
                max = Math.max(max, n);
            }
            assertEquals(10_000_000, sum / 20_000, 400_000, d + ": mean 10 ms");
            if (d == ProcessingDistribution.UNIFORM) {
                assertTrue(max <= 20_000_000, "uniform stays within twice the mean");
            }
            if (d == ProcessingDistribution.FIXED) {
                assertEquals(10_000_000, max);
            }
        }
        assertFalse(new ProcessingTime(1, null).none());
        assertThrows(IllegalArgumentException.class, () -> new AcknowledgementPolicy(60, 50));
    }
}
