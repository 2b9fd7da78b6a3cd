package io.kbench.features.traffic;

/**
 * What one worker found of the traffic its producers sent, once the load is over.
 *
 * @param sentSizes the payload sizes of the messages acknowledged since the measurement started, an HdrHistogram in
 *     bytes (compressed, base64); null when every message had the same size
 * @param codec the codec the driver's producers compress with (Kafka: compression.type), or null when it cannot say
 * @param compressionRateAvg the producers' own compressed-over-uncompressed ratio of their record batches, averaged over
 *     them (Kafka: producer-metrics compression-rate-avg), or null when they report none
 * @param batchBytes the bytes of the record batches the producers sent, after compression, over their lives (Kafka:
 *     producer-topic-metrics byte-total), or -1 when not reported
 * @param networkBytes the bytes the producers wrote to the network, requests included, over their lives (Kafka:
 *     producer-metrics outgoing-byte-total), or -1 when not reported
 * @param producers the producers whose metrics these are
 */
public record TrafficFindings(String sentSizes, String codec, Double compressionRateAvg, long batchBytes, long networkBytes,
                              int producers) {}
