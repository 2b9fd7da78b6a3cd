package io.kbench.features.traffic;

import io.kbench.features.traffic.Traffic.Compression;
import io.kbench.features.traffic.Traffic.SentSizes;
import io.kbench.features.traffic.Traffic.SizeBucket;
import io.kbench.stats.HistogramCodec;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/** Merges every worker's {@link TrafficFindings} into the result's {@link Traffic} section, on the coordinator. */
final class TrafficMerge {

    private TrafficMerge() {}

    /**
     * @param payloadBytes the payload bytes acknowledged over the run, on every worker
     * @param publishBytesPerSecond the measured window's payload bytes per second, or null without a window
     * @return the section, or null when there is nothing to say
     */
    static Traffic merge(List<TrafficFindings> findings, long payloadBytes, Double publishBytesPerSecond) {
        Histogram sizes = null;
        String codec = null;
        double ratioSum = 0;
        int ratioProducers = 0;
        long batch = -1;
        long network = -1;
        for (TrafficFindings f : findings) {
            if (f.sentSizes() != null) {
                Histogram h = HistogramCodec.decode(f.sentSizes());
                if (sizes == null) {
                    sizes = new Histogram(SizesOnWorker.HIGHEST_BYTES, 3);
                }
                sizes.add(h);
            }
            codec = codec == null ? f.codec() : codec;
            if (f.compressionRateAvg() != null) {
                ratioSum += f.compressionRateAvg() * f.producers();
                ratioProducers += f.producers();
            }
            batch = f.batchBytes() < 0 ? batch : Math.max(0, batch) + f.batchBytes();
            network = f.networkBytes() < 0 ? network : Math.max(0, network) + f.networkBytes();
        }
        SentSizes sent = sizes == null || sizes.getTotalCount() == 0 ? null : sentSizes(sizes);
        Compression compression = null;
        if (codec != null || ratioProducers > 0) {
            Double ratio = ratioProducers == 0 ? null : ratioSum / ratioProducers;
            Double batchRate = perPayloadByte(publishBytesPerSecond, batch, payloadBytes);
            Double networkRate = perPayloadByte(publishBytesPerSecond, network, payloadBytes);
            compression = new Compression(codec, ratio, payloadBytes, batch < 0 ? null : batch, network < 0 ? null : network,
                    publishBytesPerSecond, batchRate, networkRate);
        }
        return sent == null && compression == null ? null : new Traffic(sent, compression);
    }

    private static Double perPayloadByte(Double publishBytesPerSecond, long bytes, long payloadBytes) {
        return publishBytesPerSecond == null || bytes < 0 || payloadBytes <= 0 ? null : publishBytesPerSecond * bytes / payloadBytes;
    }

    static SentSizes sentSizes(Histogram h) {
        List<SizeBucket> buckets = new ArrayList<>();
        long total = h.getTotalCount();
        long from = 0;
        long to = 1;
        while (from <= h.getMaxValue()) {
            long n = h.getCountBetweenValues(from, to - 1);
            if (n > 0) {
                buckets.add(new SizeBucket(from, to, n, (double) n / total));
            }
            from = to;
            to *= 2;
        }
        return new SentSizes(total, h.getMean(), h.getMinValue(), h.getValueAtPercentile(50), h.getValueAtPercentile(90),
                h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue(), buckets);
    }
}
