package io.kbench.features.operations;

/**
 * What the run measured over one window of time (the length of an operation, or as long just before it), from the
 * periods the result keeps: the latencies exact over every sample of those periods, rates averaged over them.
 * Latencies in µs, rates in messages per second.
 *
 * @param lengthMillis how long the periods counted last together: shorter than asked when the measurement had not
 *     lasted that long before the operation
 * @param periods how many periods were counted
 * @param publishP50Micros publish latency (ack − intended send), median; null when nothing was acknowledged
 * @param publishP99Micros likewise, 99th percentile
 * @param publishP999Micros likewise, 99.9th percentile
 * @param endToEndP50Micros end-to-end latency (consume − intended send), median; null when nothing was consumed
 * @param endToEndP99Micros likewise, 99th percentile
 * @param endToEndP999Micros likewise, 99.9th percentile
 * @param requestedRate what the schedule asked on average, msg/s; null when unthrottled
 * @param achievedRate acknowledged messages per second
 * @param sendErrors sends that failed within the window
 * @param rebalances the rise of the run's consumer groups' epochs across the window, added up (for Kafka's consumer
 *     protocol every change of a group's membership or assignment); null when the run has no consumer group or some
 *     group's epoch is not known (Kafka's classic protocol does not give it)
 */
public record WindowFigures(long lengthMillis, int periods, Long publishP50Micros, Long publishP99Micros, Long publishP999Micros,
                            Long endToEndP50Micros, Long endToEndP99Micros, Long endToEndP999Micros, Double requestedRate,
                            double achievedRate, long sendErrors, Integer rebalances) {

    /** No period fell within the window. */
    static final WindowFigures NONE = new WindowFigures(0, 0, null, null, null, null, null, null, null, 0, 0, null);

    WindowFigures withRebalances(Integer count) {
        return new WindowFigures(lengthMillis, periods, publishP50Micros, publishP99Micros, publishP999Micros, endToEndP50Micros,
                endToEndP99Micros, endToEndP999Micros, requestedRate, achievedRate, sendErrors, count);
    }
}
