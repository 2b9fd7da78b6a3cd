/**
 * The traffic feature: the payload sizes the producers actually sent, recorded per acknowledgement when they vary
 * ({@link io.kbench.features.traffic.SizesOnWorker}), and the compression they achieved, from the clients' own metrics
 * ({@link io.kbench.features.traffic.ProducerMetrics}): the result's {@code traffic} section
 * ({@link io.kbench.features.traffic.Traffic}), its summary lines and report parts.
 */
package io.kbench.features.traffic;
