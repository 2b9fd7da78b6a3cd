package io.kbench.stats;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Everything recorded during one interval, written by many threads at once. {@link WorkerStats}
 * keeps two and swaps them, so that counts and latencies of an interval always describe the same
 * set of messages.
 */
final class IntervalBuffer {

    final LongAdder sent = new LongAdder();
    final LongAdder acked = new LongAdder();
    final LongAdder bytesAcked = new LongAdder();
    final LongAdder sendErrors = new LongAdder();
    final LongAdder received = new LongAdder();
    final LongAdder bytesReceived = new LongAdder();
    final LongAdder clamped = new LongAdder();
    final Histogram publish = Histograms.newConcurrentHistogram();
    final Histogram send = Histograms.newConcurrentHistogram();
    final Histogram scheduleDelay = Histograms.newConcurrentHistogram();
    final Histogram endToEnd = Histograms.newConcurrentHistogram();

    void record(Histogram histogram, long micros) {
        long value = Histograms.clamp(micros);
        if (value != micros) {
            clamped.increment();
        }
        histogram.recordValue(value);
    }

    /** Only when no writer can reach this buffer. */
    Counts counts() {
        return new Counts(sent.sum(), acked.sum(), bytesAcked.sum(), sendErrors.sum(), received.sum(),
                bytesReceived.sum(), clamped.sum());
    }

    /** Only when no writer can reach this buffer. */
    void addLatenciesTo(Latencies target) {
        target.publish().add(publish);
        target.send().add(send);
        target.scheduleDelay().add(scheduleDelay);
        target.endToEnd().add(endToEnd);
    }

    /** Only when no writer can reach this buffer. */
    void reset() {
        sent.reset();
        acked.reset();
        bytesAcked.reset();
        sendErrors.reset();
        received.reset();
        bytesReceived.reset();
        clamped.reset();
        publish.reset();
        send.reset();
        scheduleDelay.reset();
        endToEnd.reset();
    }
}
