package io.kbench.features.traffic;

import io.kbench.driver.ClientMetric;
import java.util.List;

/**
 * The figures of compression in the clients' own metrics, by Kafka's names (kafka-clients 4.3.1); a driver that reports
 * none of them gives none. Summed over the worker's clients; the ratio averaged over those that report it.
 *
 * @param compressionRateAvg mean of producer-metrics:compression-rate-avg, or null
 * @param batchBytes sum of producer-topic-metrics:byte-total (every topic), or -1
 * @param networkBytes sum of producer-metrics:outgoing-byte-total, or -1
 * @param producers clients that reported compression-rate-avg
 */
record ProducerMetrics(Double compressionRateAvg, long batchBytes, long networkBytes, int producers) {

    static final String COMPRESSION_RATE = "producer-metrics:compression-rate-avg";
    static final String TOPIC_BYTES = "producer-topic-metrics:byte-total";
    static final String NETWORK_BYTES = "producer-metrics:outgoing-byte-total";

    static ProducerMetrics of(List<ClientMetric> metrics) {
        double ratio = 0;
        int producers = 0;
        long batch = -1;
        long network = -1;
        for (ClientMetric m : metrics) {
            if (!Double.isFinite(m.value())) {
                continue;
            }
            if (m.name().equals(COMPRESSION_RATE)) {
                ratio += m.value();
                producers++;
            } else if (m.name().equals(TOPIC_BYTES) || m.name().startsWith(TOPIC_BYTES + ":")) {
                batch = Math.max(0, batch) + (long) m.value();
            } else if (m.name().equals(NETWORK_BYTES)) {
                network = Math.max(0, network) + (long) m.value();
            }
        }
        return new ProducerMetrics(producers == 0 ? null : ratio / producers, batch, network, producers);
    }
}
