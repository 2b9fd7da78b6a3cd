package io.kbench.features.sharegroup;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One share group's figures on one worker, as the worker reports them once the load is over; see
 * {@link ShareTally} for what each count means. Latencies in microseconds.
 *
 * @param workerId the worker
 * @param group the share group
 * @param topic the topic it reads
 * @param consumers the group's members on this worker at the end
 * @param consumersReceiving the members on this worker that got at least one record since the measurement started
 * @param sinceEpochMicros when counting started (the measurement's start)
 * @param firstDeliveryEpochMicros when the first record of the measurement was delivered; 0 if none was
 * @param lastAcceptEpochMicros when the last record was accepted; 0 if none was
 * @param clampedSamples latencies outside 0..24 h, recorded at the nearest bound
 * @param deliveriesByCount deliveries by delivery count: first deliveries, second deliveries, ...
 * @param commitMicros acknowledgement-commit latency
 * @param endToEndFirstDeliveryMicros intended send to first delivery
 * @param endToEndAcceptedMicros intended send to acceptance
 */
public record ShareFigures(
        String workerId,
        String group,
        String topic,
        int consumers,
        int consumersReceiving,
        long delivered,
        long accepted,
        long released,
        long rejected,
        long redeliveries,
        long archived,
        long lockExpiries,
        long failedAcknowledgements,
        long commits,
        long acceptedBytes,
        long sinceEpochMicros,
        long firstDeliveryEpochMicros,
        long lastAcceptEpochMicros,
        long clampedSamples,
        List<Long> deliveriesByCount,
        Histogram commitMicros,
        Histogram endToEndFirstDeliveryMicros,
        Histogram endToEndAcceptedMicros) {

    /**
     * Accepted records per second, from the first delivery of the measurement (its start in a timed run; after
     * the group joined in a consume-only run) to the last acceptance; 0 without any.
     */
    public double acceptedPerSecond() {
        long micros = lastAcceptEpochMicros - windowStartEpochMicros();
        return accepted == 0 || micros <= 0 ? 0 : accepted * 1e6 / micros;
    }

    /** Where the rate's window starts: the first delivery, or the start of counting when nothing was delivered. */
    public long windowStartEpochMicros() {
        return firstDeliveryEpochMicros == 0 ? sinceEpochMicros : Math.max(sinceEpochMicros, firstDeliveryEpochMicros);
    }
}
