package io.kbench.features.partitioncost;

import io.kbench.model.Diagnosis;
import io.kbench.model.Diagnosis.Verdict;
import io.kbench.model.Measurement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A rule of the diagnosis for runs whose producers each write to many partitions, asked when the
 * engine's rules found no limit (the load kept its schedule) but publish latency is high: it says where the
 * time went, from the producers' own metrics and, where the run owns the cluster, the brokers'
 * request times ({@link BrokerRequests}):
 *
 * <ul>
 *   <li>mostly in the producers' queues ({@code record-queue-time-avg}) with small batches (fewer than
 *       {@value #SMALL_BATCH_RECORDS} records: with few records per partition per second a batch is sent before
 *       another joins it, and a producer with many partitions has many batches open): client-bound, with what
 *       would help (a longer {@code linger.ms}, fewer partitions per producer, and a lower {@code batch.size} or
 *       more {@code buffer.memory} when the producers waited for it);</li>
 *   <li>else the batches waited behind the requests in flight, so the time is the requests'
 *       ({@code request-latency-avg}): cluster-bound. Where the run owns the cluster, the brokers' own time for a
 *       Produce request says whether the brokers' handling dominates (handler threads, appending) or the time went
 *       on the way (the brokers' network threads, which also send the fetch responses, or the network).</li>
 * </ul>
 *
 * It judges only runs whose producers write to at least {@value #MIN_PARTITIONS_PER_PRODUCER}
 * partitions each and whose publish latency p99 is at least {@value #LATENCY_FLOOR_MICROS} µs, and
 * only when the send latency (from a message's send to its acknowledgement) holds at least
 * {@value #DOMINANT_SHARE} of the mean publish latency. The producers' metrics are averages per batch
 * and per request over their own sample windows, so their shares split the send latency; their sizes
 * are not compared with the measurement's.
 */
public final class PartitionLatencyRule {

    public static final int MIN_PARTITIONS_PER_PRODUCER = 100;
    public static final long LATENCY_FLOOR_MICROS = 50_000;
    public static final double DOMINANT_SHARE = 0.5;
    /** Batches of fewer records than this on average are small: a partition's batch is sent before others join it. */
    public static final double SMALL_BATCH_RECORDS = 2.0;
    /** Waiting for buffer space this share of the time or more is worth saying. */
    public static final double BUFFER_WAIT_SHARE = 0.01;

    static final String QUEUE_TIME = "producer-metrics:record-queue-time-avg";
    static final String REQUEST_LATENCY = "producer-metrics:request-latency-avg";
    static final String BATCH_SIZE = "producer-metrics:batch-size-avg";
    static final String RECORD_SIZE = "producer-metrics:record-size-avg";
    static final String RECORDS_PER_REQUEST = "producer-metrics:records-per-request-avg";
    static final String BUFFER_WAIT = "producer-metrics:bufferpool-wait-ratio";
    static final String BUFFER_TOTAL = "producer-metrics:buffer-total-bytes";

    /**
     * What the rule judges.
     *
     * @param measurement the measured window
     * @param clientMetrics the clients' metrics, combined over clients (averages are means over the producers)
     * @param broker the brokers' request times over the window, or null when the run does not own the cluster
     * @param partitionsPerProducer the partitions each producer writes to
     * @param producers how many producers the run had
     */
    public record Evidence(Measurement measurement, Map<String, Double> clientMetrics, BrokerRequests broker,
                           int partitionsPerProducer, int producers) {}

    private PartitionLatencyRule() {}

    /** This rule's finding, or null when it does not apply or no place dominates. */
    public static Diagnosis judge(Evidence e) {
        Measurement m = e.measurement();
        Map<String, Double> metrics = e.clientMetrics();
        if (m == null || e.partitionsPerProducer() < MIN_PARTITIONS_PER_PRODUCER || m.publishLatency() == null
                || m.publishLatency().count() == 0 || m.publishLatency().p99Micros() < LATENCY_FLOOR_MICROS) {
            return null;
        }
        Double queueMs = metrics.get(QUEUE_TIME);
        Double requestMs = metrics.get(REQUEST_LATENCY);
        double publishAvgMs = m.publishLatency().avgMicros() / 1e3;
        if (queueMs == null || requestMs == null || publishAvgMs <= 0) {
            return null;
        }
        double sendAvgMs = m.sendLatency() == null ? 0 : m.sendLatency().avgMicros() / 1e3;
        if (sendAvgMs < DOMINANT_SHARE * publishAvgMs || queueMs + requestMs <= 0) {
            return null; // the time went before the send (the schedule): the rules on falling behind judge that
        }
        // The clients' averages are per batch and per request, over their own sample windows: their shares split the
        // send latency (per message, over the measurement), their sizes are not compared with it.
        double queueShare = queueMs / (queueMs + requestMs);
        List<String> reasons = new ArrayList<>();
        reasons.add(String.format(Locale.ROOT, "of a publish latency of %.1f ms on average (p99 %.1f ms), %.1f ms passed between "
                + "a message's send and its acknowledgement; the producers' metrics put %.0f%% of that in their queues "
                + "(record-queue-time-avg %.1f ms a batch) and %.0f%% in their requests to the brokers (request-latency-avg %.1f ms)",
                publishAvgMs, m.publishLatency().p99Micros() / 1e3, sendAvgMs, 100 * queueShare, queueMs, 100 * (1 - queueShare),
                requestMs));
        reasons.add(batches(e));
        String buffer = bufferWait(metrics);
        if (buffer != null) {
            reasons.add(buffer);
        }
        Double perBatch = recordsPerBatch(metrics);
        if (queueShare >= DOMINANT_SHARE && perBatch != null && perBatch < SMALL_BATCH_RECORDS) {
            return Diagnosis.of(Verdict.CLIENT_BOUND, reasons, buffer != null
                    ? "The time went in the producers, which send small batches and waited for buffer space: each partition's "
                    + "open batch takes up to batch.size of buffer.memory, so a lower batch.size, more buffer.memory, a longer "
                    + "linger.ms or fewer partitions per producer would help; the cluster was not the limit."
                    : "The time went in the producers, which send small batches: a longer linger.ms, or fewer partitions per "
                    + "producer (more producers, each on fewer partitions), would help; the cluster was not the limit.");
        }
        // The batches are not small: they waited behind the requests in flight, so the time is the requests'.
        BrokerRequests.RequestTime produce = e.broker() == null ? null : e.broker().request("Produce");
        if (produce == null) {
            return Diagnosis.of(Verdict.CLUSTER_BOUND, reasons, "The time went in the requests to the brokers, and in the "
                    + "queues behind them (their own request times are known only for a cluster the run starts): fewer "
                    + "partitions per broker, or more brokers, would help.");
        }
        reasons.add(atBrokers(e.broker(), produce));
        if (produce.totalMillisAvg() >= DOMINANT_SHARE * requestMs) {
            return Diagnosis.of(Verdict.CLUSTER_BOUND, reasons, "The brokers' request time dominates: fewer partitions per "
                    + "broker, or more brokers, would help; more client machines would not.");
        }
        BrokerRequests.RequestTime fetch = e.broker().request("FetchConsumer");
        return Diagnosis.of(Verdict.CLUSTER_BOUND, reasons, String.format(Locale.ROOT, "The brokers handled a Produce request in "
                + "%.1f ms once they had read it, and the producers waited %.1f ms for its answer: the rest went on the way, in "
                + "the brokers' network threads (%s), the network, or the producers' own network thread (their CPU was not "
                + "saturated). Fewer partitions per broker (smaller fetch responses), or more brokers, would help.",
                produce.totalMillisAvg(), requestMs,
                fetch == null ? "which read the requests and send the responses" : String.format(Locale.ROOT,
                        "which also sent the consumers' fetch responses, %.1f ms each", fetch.responseSendMillisAvg())));
    }

    private static Double recordsPerBatch(Map<String, Double> metrics) {
        Double batchBytes = metrics.get(BATCH_SIZE);
        Double recordBytes = metrics.get(RECORD_SIZE);
        return batchBytes == null || recordBytes == null || recordBytes <= 0 ? null : batchBytes / recordBytes;
    }

    /** "batches average 1.2 records (batch-size-avg 310 B of 256 B records), 14.0 records per request, over 5,000 partitions per producer". */
    private static String batches(Evidence e) {
        Map<String, Double> metrics = e.clientMetrics();
        Double batchBytes = metrics.get(BATCH_SIZE);
        Double recordBytes = metrics.get(RECORD_SIZE);
        Double perRequest = metrics.get(RECORDS_PER_REQUEST);
        String perBatch = batchBytes == null || recordBytes == null || recordBytes <= 0 ? "batch sizes unknown"
                : String.format(Locale.ROOT, "batches average %.1f records (batch-size-avg %,.0f B of %,.0f B records)",
                        batchBytes / recordBytes, batchBytes, recordBytes);
        return String.format(Locale.ROOT, "%s, %s records per request, over %,d partitions per producer (%d producer(s))",
                perBatch, perRequest == null ? "unknown" : String.format(Locale.ROOT, "%.1f", perRequest),
                e.partitionsPerProducer(), e.producers());
    }

    private static String bufferWait(Map<String, Double> metrics) {
        Double wait = metrics.get(BUFFER_WAIT);
        if (wait == null || wait < BUFFER_WAIT_SHARE) {
            return null;
        }
        Double total = metrics.get(BUFFER_TOTAL);
        return String.format(Locale.ROOT, "the producers waited for buffer space %.1f%% of the time (bufferpool-wait-ratio%s)",
                100 * wait, total == null ? "" : String.format(Locale.ROOT, "; buffer.memory %,.0f MB", total / (1 << 20)));
    }

    /** The brokers' own time for a Produce request over the window, and its parts. */
    private static String atBrokers(BrokerRequests b, BrokerRequests.RequestTime produce) {
        return String.format(Locale.ROOT, "the brokers (%,d partitions%s) took %.1f ms per Produce request themselves (waiting "
                + "for a handler thread %.1f, handling %.1f, waiting for replicas %.1f, response queue %.1f, send %.1f ms; %,d "
                + "requests)", b.partitions(), b.brokerCpuCores() == null ? ""
                : String.format(Locale.ROOT, ", %.2f cores busy", b.brokerCpuCores()), produce.totalMillisAvg(),
                produce.requestQueueMillisAvg(), produce.localMillisAvg(), produce.remoteMillisAvg(),
                produce.responseQueueMillisAvg(), produce.responseSendMillisAvg(), produce.count());
    }
}
