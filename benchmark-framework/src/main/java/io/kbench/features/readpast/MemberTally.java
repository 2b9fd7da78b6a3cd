package io.kbench.features.readpast;

import io.kbench.driver.ConsumerCallback.TimestampType;
import io.kbench.driver.MessageStamp;
import io.kbench.features.ConsumerListener;
import io.kbench.plan.ProducerIds;
import io.kbench.stats.HistogramCodec;
import io.kbench.stats.Histograms;
import io.kbench.time.BenchmarkClock;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One consumer's records, counted on its own thread and read by the worker's reports from another: counts written
 * with release semantics by their one writer, the next position per partition in an array the writer grows (and
 * publishes) when a partition beyond it arrives, latencies in HdrHistogram {@link Recorder}s, which take a writer
 * and a reader at once. Nothing is allocated per record.
 */
final class MemberTally implements ConsumerListener {

    private final String group;
    private final String topic;
    private final BenchmarkClock clock;
    private final int runTag;

    private final AtomicLong records = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong own = new AtomicLong();
    private final AtomicLong createTime = new AtomicLong();
    private final AtomicLong logAppendTime = new AtomicLong();
    private final AtomicLong untimed = new AtomicLong();
    private final AtomicLong clamped = new AtomicLong();
    /** Position after the last record read, + 1 (0: none read), per partition. */
    private volatile AtomicLongArray next = new AtomicLongArray(8);
    private final Recorder endToEnd = new Recorder(3);
    private final Recorder fromCreateTime = new Recorder(3);

    MemberTally(String group, String topic, BenchmarkClock clock, int runTag) {
        this.group = group;
        this.topic = topic;
        this.clock = clock;
        this.runTag = runTag;
    }

    String group() {
        return group;
    }

    String topic() {
        return topic;
    }

    @Override
    public void onRecord(int partition, long position, MessageStamp stamp, long receivedNanos) {
        received(partition, position, stamp, receivedNanos, 0, -1, TimestampType.NONE);
    }

    @Override
    public void received(int partition, long position, MessageStamp stamp, long receivedNanos, int payloadBytes,
                         long timestampEpochMillis, TimestampType timestampType) {
        records.lazySet(records.get() + 1);
        bytes.lazySet(bytes.get() + payloadBytes);
        if (position >= 0 && partition >= 0) {
            AtomicLongArray n = next;
            if (partition >= n.length()) {
                n = grow(n, partition);
            }
            if (position + 2 > n.get(partition)) {
                n.lazySet(partition, position + 2);
            }
        }
        boolean ours = stamp != null && (!stamp.checksIntegrity() || ProducerIds.runTagOf(stamp.producerId()) == runTag);
        if (ours) {
            own.lazySet(own.get() + 1);
            record(endToEnd, clock.epochMicrosAt(receivedNanos) - stamp.intendedSendEpochMicros());
        } else if (timestampType == TimestampType.CREATE_TIME) {
            createTime.lazySet(createTime.get() + 1);
            record(fromCreateTime, clock.epochMicrosAt(receivedNanos) - timestampEpochMillis * 1_000);
        } else if (timestampType == TimestampType.LOG_APPEND_TIME) {
            logAppendTime.lazySet(logAppendTime.get() + 1);
        } else {
            untimed.lazySet(untimed.get() + 1);
        }
    }

    private void record(Recorder recorder, long micros) {
        if (micros < 0 || micros > Histograms.MAX_MICROS) {
            clamped.lazySet(clamped.get() + 1);
            micros = micros < 0 ? 0 : Histograms.MAX_MICROS;
        }
        recorder.recordValue(micros);
    }

    /** The array with room for {@code partition}, its values kept; published for readers. Only the writer grows it. */
    private AtomicLongArray grow(AtomicLongArray old, int partition) {
        AtomicLongArray bigger = new AtomicLongArray(Math.max(partition + 1, old.length() * 2));
        for (int i = 0; i < old.length(); i++) {
            bigger.set(i, old.get(i));
        }
        next = bigger;
        return bigger;
    }

    /** What this consumer read so far, its latencies since the previous call; from any thread. */
    GroupsNow.Group take() {
        AtomicLongArray n = next;
        long[] positions = new long[n.length()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = n.get(i) - 1;
        }
        return new GroupsNow.Group(group, topic, records.get(), bytes.get(), own.get(), createTime.get(), logAppendTime.get(),
                untimed.get(), positions, encode(endToEnd.getIntervalHistogram()), encode(fromCreateTime.getIntervalHistogram()),
                clamped.get());
    }

    private static String encode(Histogram h) {
        return h.getTotalCount() == 0 ? null : HistogramCodec.encode(h);
    }
}
