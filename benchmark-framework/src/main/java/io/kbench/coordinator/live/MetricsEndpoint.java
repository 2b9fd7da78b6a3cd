package io.kbench.coordinator.live;

import io.prometheus.client.CollectorRegistry;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.apache.bookkeeper.stats.prometheus.PrometheusMetricsProvider;
import org.apache.commons.configuration2.BaseConfiguration;

/**
 * The coordinator's Prometheus endpoint, {@code http://ADDR:PORT/metrics}: the current run's merged figures
 * ({@link RunCollector}) and the JVM's metrics, served by bookkeeper-stats' provider as the worker agents serve theirs.
 * Lives across the runs of one command (a sweep's runs one after another).
 */
public final class MetricsEndpoint implements AutoCloseable {

    /** The endpoint could not be started; the message is one line for the user. */
    public static final class StartException extends Exception {
        StartException(String message) {
            super(message, null, false, false);
        }
    }

    private final PrometheusMetricsProvider provider;
    private final RunCollector collector;
    private final String address;
    private final int port;

    private MetricsEndpoint(PrometheusMetricsProvider provider, RunCollector collector, String address, int port) {
        this.provider = provider;
        this.collector = collector;
        this.address = address;
        this.port = port;
    }

    /**
     * Serves on {@code address:port}; port 0 picks a free one.
     *
     * @throws StartException the port is taken or the address is not this host's, said in one line
     */
    public static MetricsEndpoint start(String address, int port) throws StartException {
        int chosen = port;
        if (port == 0) {
            // The provider cannot say which port it got: take a free one first (the race with another process is harmless:
            // it ends in the same one-line error as a busy port).
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(address))) {
                chosen = s.getLocalPort();
            } catch (IOException e) {
                throw new StartException("--stats-bind " + address + ": cannot listen there (" + e.getMessage()
                        + "); give an address of this host, e.g. 127.0.0.1 or 0.0.0.0");
            }
        } else if (inUse(address, port)) {
            throw new StartException("--stats-port " + port + ": the port is in use on " + address
                    + "; choose another, or 0 for a free one");
        }
        CollectorRegistry registry = new CollectorRegistry(); // not the process-wide default: one endpoint, its own metrics
        RunCollector collector = new RunCollector();
        registry.register(collector);
        PrometheusMetricsProvider provider = new PrometheusMetricsProvider(registry);
        BaseConfiguration conf = new BaseConfiguration();
        conf.setProperty(PrometheusMetricsProvider.PROMETHEUS_STATS_HTTP_ENABLE, true);
        conf.setProperty(PrometheusMetricsProvider.PROMETHEUS_STATS_HTTP_ADDRESS, address);
        conf.setProperty(PrometheusMetricsProvider.PROMETHEUS_STATS_HTTP_PORT, chosen);
        try {
            provider.start(conf);
        } catch (RuntimeException e) {
            try {
                provider.stop();
            } catch (RuntimeException halfStarted) {
                // nothing was serving yet: the start's failure is the one to tell
            }
            throw new StartException("--stats-port " + chosen + ": cannot serve metrics on " + address + ":" + chosen + " ("
                    + rootMessage(e) + "); choose another port, or 0 for a free one");
        }
        return new MetricsEndpoint(provider, collector, address, chosen);
    }

    /** Whether something listens on the port already: checked first, so the user reads one plain line. */
    private static boolean inUse(String address, int port) throws StartException {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getByName(address), port));
            return false;
        } catch (BindException e) {
            return true;
        } catch (IOException e) {
            throw new StartException("--stats-bind " + address + ": cannot listen there (" + e.getMessage()
                    + "); give an address of this host, e.g. 127.0.0.1 or 0.0.0.0");
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    /** Where Prometheus scrapes it. */
    public String url() {
        return "http://" + address + ":" + port + "/metrics";
    }

    public int port() {
        return port;
    }

    /** A run starts: the endpoint shows its figures from now on (the previous run's are gone). */
    public LiveRun newRun(String runId, String workload, String driver) {
        LiveRun run = new LiveRun(runId, workload, driver);
        collector.current(run);
        return run;
    }

    @Override
    public void close() {
        provider.stop();
    }
}
