package io.kbench.bench;

import io.kbench.features.consumerevents.PartitionActivity;
import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.MessageStamp;
import io.kbench.features.integrity.ConsumerChecker;
import io.kbench.plan.ProducerIds;
import io.kbench.features.sharegroup.AcknowledgementPolicy;
import io.kbench.plan.ProcessingTime;
import io.kbench.features.sharegroup.ShareMember;
import io.kbench.features.sharegroup.ShareTally;
import io.kbench.time.BenchmarkClock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * Not a test: prints what kbench's own bookkeeping costs a consumer thread per record, in CPU
 * microseconds: a consumer group member's integrity check, against a share consumer's accounting
 * (acknowledgement decision, tally with three histograms, at-least-once check), and the partition
 * activity kept in runs with consumer events. Run:
 * {@code java -cp <test classpath> io.kbench.bench.ShareAccountingBenchmark}.
 */
public final class ShareAccountingBenchmark {

    private static final int RECORDS = 3_000_000;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ShareAccountingBenchmark() {}

    public static void main(String[] args) {
        for (int round = 0; round < 3; round++) { // the first rounds warm the JIT up
            double group = groupMember();
            double share = shareMember(false);
            double shareWithActivity = shareMember(true);
            System.out.printf(Locale.ROOT, "round %d: consumer group check %.3f µs/record, share accounting %.3f µs/record, "
                    + "with partition activity %.3f µs/record%n", round, group, share, shareWithActivity);
        }
    }

    private static double groupMember() {
        int run = ProducerIds.runTag("bench");
        ConsumerChecker checker = new ConsumerChecker("g", "t", run);
        long producer = ProducerIds.of(run, 0);
        long start = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < RECORDS; i++) {
            checker.onMessage(i & 3, i >> 2, new MessageStamp(1_700_000_000_000_000L, producer, i));
        }
        return (THREADS.getCurrentThreadCpuTime() - start) / 1e3 / RECORDS;
    }

    private static double shareMember(boolean activity) {
        int run = ProducerIds.runTag("bench");
        BenchmarkClock clock = BenchmarkClock.system();
        ShareTally tally = new ShareTally("g", "t", null, clock.epochMicros());
        ConsumerChecker checker = ConsumerChecker.atLeastOnce("g", "t", run);
        PartitionActivity tracked = new PartitionActivity("g");
        ShareMember member = new ShareMember(tally, clock, AcknowledgementMode.EXPLICIT, new AcknowledgementPolicy(5, 1),
                ProcessingTime.NONE, 7, (bytes, partition, stamp, count, received) -> {
                    checker.onSettled(stamp, count);
                    if (activity) {
                        tracked.onConsumed(partition, clock.epochMicrosAt(received));
                    }
                });
        long producer = ProducerIds.of(run, 0);
        long start = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < RECORDS; i++) {
            member.messageReceived(100, i & 3, i >> 2, new MessageStamp(clock.epochMicros() - 2_000, producer, i), 1, clock.nanoTime());
        }
        return (THREADS.getCurrentThreadCpuTime() - start) / 1e3 / RECORDS;
    }
}
