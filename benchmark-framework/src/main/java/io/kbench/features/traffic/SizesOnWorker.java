package io.kbench.features.traffic;

import io.kbench.driver.BenchmarkDriver;
import io.kbench.features.AckListener;
import io.kbench.features.WorkerPart;
import io.kbench.plan.LoadSpec;
import io.kbench.plan.ProducerSpec;
import io.kbench.stats.HistogramCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The traffic feature on one worker: records the payload size of every acknowledged message when sizes vary (one
 * wait-free recorder per producer, no allocation per message), and once the load is over reads the producers' own
 * figures of compression.
 */
final class SizesOnWorker implements WorkerPart {

    private static final Logger log = LoggerFactory.getLogger(SizesOnWorker.class);
    /** The largest size a histogram tracks without resizing: every payload kbench sends fits. */
    static final long HIGHEST_BYTES = 128L * 1024 * 1024;

    private final BenchmarkDriver<?> driver;
    private final List<Recorder> recorders = new ArrayList<>();
    private final Histogram sinceStart = new Histogram(HIGHEST_BYTES, 3);

    SizesOnWorker(BenchmarkDriver<?> driver) {
        this.driver = driver;
    }

    @Override
    public synchronized AckListener listen(ProducerSpec producer, long producerId, LoadSpec load) {
        if (!load.payload().sizesVary()) {
            return null; // one size: the workload says it, nothing to record
        }
        Recorder recorder = new Recorder(HIGHEST_BYTES, 3);
        recorders.add(recorder);
        return new AckListener() {
            @Override
            public void acknowledged(long sequence, int partition, int payloadBytes, long publishLatencyNanos) {
                recorder.recordValue(payloadBytes);
            }
        };
    }

    @Override
    public synchronized void measurementStarts(long epochMicros) {
        recorders.forEach(r -> r.getIntervalHistogram()); // what was recorded before is dropped
        sinceStart.reset();
    }

    @Override
    public synchronized TrafficFindings findings(ToIntFunction<String> liveMembers) {
        String sizes = null;
        if (!recorders.isEmpty()) {
            recorders.forEach(r -> sinceStart.add(r.getIntervalHistogram()));
            sizes = HistogramCodec.encode(sinceStart);
        }
        ProducerMetrics metrics;
        String codec = null;
        try {
            metrics = ProducerMetrics.of(driver.clientMetrics());
            codec = driver.producerCompression().orElse(null);
        } catch (RuntimeException e) {
            log.debug("the driver could not report its producers' compression", e);
            metrics = new ProducerMetrics(null, -1, -1, 0);
        }
        return new TrafficFindings(sizes, codec, metrics.compressionRateAvg(), metrics.batchBytes(), metrics.networkBytes(),
                metrics.producers());
    }
}
