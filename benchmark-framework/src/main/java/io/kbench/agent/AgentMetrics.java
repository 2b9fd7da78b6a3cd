package io.kbench.agent;

import io.kbench.features.Feature;
import io.kbench.features.Features;
import org.apache.bookkeeper.stats.Gauge;

import io.kbench.stats.Counts;
import io.kbench.stats.DrainObserver;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.apache.bookkeeper.stats.Counter;
import org.apache.bookkeeper.stats.OpStatsLogger;
import org.apache.bookkeeper.stats.StatsLogger;
import org.apache.bookkeeper.stats.prometheus.PrometheusMetricsProvider;
import org.apache.commons.configuration2.BaseConfiguration;

/**
 * Prometheus metrics of a worker through bookkeeper-stats: messages and bytes sent and received,
 * send errors, transactions committed and aborted, publish and end-to-end latency (µs), plus the JVM metrics the provider exports.
 * Fed from the worker's stats as they are drained, so the hot path pays nothing extra.
 */
final class AgentMetrics implements DrainObserver, AutoCloseable {

    private final PrometheusMetricsProvider provider = new PrometheusMetricsProvider();
    private final Counter messagesSent;
    private final Counter messagesAcked;
    private final Counter bytesAcked;
    private final Counter sendErrors;
    private final Counter messagesReceived;
    private final Counter bytesReceived;
    private final Counter transactionsCommitted;
    private final Counter transactionsAborted;
    private final OpStatsLogger publishLatency;
    private final OpStatsLogger endToEndLatency;

    AgentMetrics(String bindAddress, int port) {
        BaseConfiguration conf = new BaseConfiguration();
        conf.setProperty(PrometheusMetricsProvider.PROMETHEUS_STATS_HTTP_ENABLE, true);
        // Its default is 0.0.0.0:8000: always bind where the agent was told to.
        conf.setProperty(PrometheusMetricsProvider.PROMETHEUS_STATS_HTTP_ADDRESS, bindAddress);
        conf.setProperty(PrometheusMetricsProvider.PROMETHEUS_STATS_HTTP_PORT, port);
        provider.start(conf);
        StatsLogger stats = provider.getStatsLogger("kbench");
        messagesSent = stats.getCounter("messages_sent");
        messagesAcked = stats.getCounter("messages_acked");
        bytesAcked = stats.getCounter("bytes_acked");
        sendErrors = stats.getCounter("send_errors");
        messagesReceived = stats.getCounter("messages_received");
        bytesReceived = stats.getCounter("bytes_received");
        transactionsCommitted = stats.getCounter("transactions_committed");
        transactionsAborted = stats.getCounter("transactions_aborted");
        publishLatency = stats.getOpStatsLogger("publish_latency_micros");
        endToEndLatency = stats.getOpStatsLogger("end_to_end_latency_micros");
    }

    /**
     * Share groups' counts of the worker's current run (0 between runs), summed over its share groups, as
     * {@code kbench_share_<count>} gauges: delivered, accepted, released, rejected, redeliveries, archived,
     * lock_expiries. Read when Prometheus scrapes, so the consumers' path pays nothing.
     */
    /** Exports every feature's gauges ({@link Feature#gauges()}) as {@code kbench_<scope>_<name>}, read from the current run. */
    void exportFeatureGauges(FeatureGauge value) {
        for (Feature f : Features.all()) {
            for (io.kbench.features.Gauge g : f.gauges()) {
                provider.getStatsLogger("kbench").scope(g.scope()).registerGauge(g.name(), new Gauge<Long>() {
                    @Override
                    public Long getDefaultValue() {
                        return 0L;
                    }

                    @Override
                    public Long getSample() {
                        return value.of(f.name(), g.name());
                    }
                });
            }
        }
    }

    /** The current value of a feature's gauge. */
    @FunctionalInterface
    interface FeatureGauge {
        long of(String feature, String name);
    }

    @Override
    public void onDrain(Counts interval, Histogram publishLatencyMicros, Histogram endToEndLatencyMicros) {
        messagesSent.addCount(interval.messagesSent());
        messagesAcked.addCount(interval.messagesAcked());
        bytesAcked.addCount(interval.bytesAcked());
        sendErrors.addCount(interval.sendErrors());
        messagesReceived.addCount(interval.messagesReceived());
        bytesReceived.addCount(interval.bytesReceived());
        transactionsCommitted.addCount(interval.transactionsCommitted());
        transactionsAborted.addCount(interval.transactionsAborted());
        feed(publishLatency, publishLatencyMicros);
        feed(endToEndLatency, endToEndLatencyMicros);
    }

    private static void feed(OpStatsLogger logger, Histogram histogram) {
        for (HistogramIterationValue v : histogram.recordedValues()) {
            long value = v.getValueIteratedTo();
            for (long i = v.getCountAtValueIteratedTo(); i > 0; i--) {
                logger.registerSuccessfulValue(value);
            }
        }
    }

    @Override
    public void close() {
        provider.stop();
    }
}
