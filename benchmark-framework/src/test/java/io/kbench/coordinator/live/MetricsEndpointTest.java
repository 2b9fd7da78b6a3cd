package io.kbench.coordinator.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.LatencySummary;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** The coordinator's endpoint over real HTTP: what a scrape reads during a run, and a busy port refused in one line. */
class MetricsEndpointTest {

    private static PeriodSummary period(Phase phase, double rate, double errorRate, long p99) {
        LatencySummary publish = new LatencySummary(100, 900, 800, 850, 950, p99, p99 * 2, 0, 0, p99 * 3);
        LatencySummary e2e = new LatencySummary(100, 1900, 1800, 1850, 1950, p99 + 1000, p99 * 2 + 1000, 0, 0, p99 * 4);
        return new PeriodSummary(phase, 2_000_000, 1_000_000, rate, rate * 0.0001, errorRate, rate, rate * 0.0001, 42, 7,
                publish, publish, LatencySummary.EMPTY, e2e, 0.2, false, 1000, 0);
    }

    private static String scrape(MetricsEndpoint endpoint) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(endpoint.url())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        return r.body();
    }

    @Test
    void aScrapeShowsTheLastMergedPeriodOfTheRunUnderWay() throws Exception {
        try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0)) {
            String before = scrape(endpoint);
            assertTrue(before.contains("kbench_run_active{} 0.0"), "no run yet:\n" + before);
            LiveRun run = endpoint.newRun("ab12cd34", "simple", "Kafka (local)");
            run.phaseStarted(Phase.WARMUP, "Warming up");
            run.progress(period(Phase.WARMUP, 500, 2, 1_000), "line");
            run.phaseStarted(Phase.MEASURE, "Measuring");
            run.progress(period(Phase.MEASURE, 990, 1.4, 3_000), "line");

            String text = scrape(endpoint);
            assertTrue(text.contains("kbench_run_active{} 1.0"), text);
            assertTrue(text.contains("kbench_run_info{run_id=\"ab12cd34\", workload=\"simple\", driver=\"Kafka (local)\"} 1.0"), text);
            assertTrue(text.contains("kbench_run_phase{phase=\"measure\"} 1.0"), text);
            assertTrue(text.contains("kbench_run_phase{phase=\"warmup\"} 0.0"), text);
            assertTrue(text.contains("kbench_run_requested_rate_msgs{} 1000.0"), text);
            assertTrue(text.contains("kbench_run_achieved_rate_msgs{} 990.0"), text);
            assertTrue(text.contains("kbench_run_publish_latency_micros{quantile=\"0.99\"} 3000.0"), text);
            assertTrue(text.contains("kbench_run_publish_latency_micros{quantile=\"0.999\"} 6000.0"), text);
            assertTrue(text.contains("kbench_run_end_to_end_latency_micros{quantile=\"0.99\"} 4000.0"), text);
            assertTrue(text.contains("kbench_run_backlog_messages{} 42.0"), text);
            // 2/s and 1.4/s over two periods of one second each: 3.4 failed sends, shown as 3.
            assertTrue(text.contains("kbench_run_send_errors_total{} 3.0"), text);
            assertTrue(text.contains("kbench_run_periods_total{} 2.0"), text);
            assertTrue(text.contains("jvm_memory_bytes_used{area=\"heap\"}"), "the JVM's metrics beside them:\n" + text);

            run.ended();
            assertTrue(scrape(endpoint).contains("kbench_run_phase{phase=\"done\"} 1.0"));
            endpoint.newRun("ef56ab78", "next", "Kafka (local)");
            String next = scrape(endpoint);
            assertTrue(next.contains("run_id=\"ef56ab78\"") && !next.contains("ab12cd34"), "the next run replaces it:\n" + next);
            assertTrue(next.contains("kbench_run_phase{phase=\"setup\"} 1.0"), next);
        }
    }

    @Test
    void aScrapeShowsTheDriftSoFarOnceThereAreEnoughMeasuredPeriods() throws Exception {
        try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0)) {
            LiveRun run = endpoint.newRun("ab12cd34", "simple", "Kafka (local)");
            run.phaseStarted(Phase.MEASURE, "Measuring");
            for (int i = 1; i < LiveDrift.MINIMUM_PERIODS; i++) {
                run.progress(at(i, period(Phase.MEASURE, 1000, 0, 3_000 + 100 * i)), "line");
            }
            String early = scrape(endpoint);
            assertTrue(early.contains("kbench_run_drift_judged{figure=\"publish_p99_micros\"} 0.0"), early);
            assertTrue(early.contains("kbench_run_drift_periods{figure=\"publish_p99_micros\"} 9.0"), early);
            assertFalse(early.contains("kbench_run_drift_slope_per_hour{"), "no slope before it is judged, not a 0:\n" + early);
            assertFalse(early.contains("kbench_run_drift_p_value{"), early);

            run.progress(at(LiveDrift.MINIMUM_PERIODS, period(Phase.MEASURE, 1000, 0, 3_000 + 100 * LiveDrift.MINIMUM_PERIODS)), "line");
            String text = scrape(endpoint);
            // +100 µs per period of 1 s: 360,000 µs per hour; the throughput and backlog constant: slope 0, p-value 1.
            assertTrue(text.contains("kbench_run_drift_judged{figure=\"publish_p99_micros\"} 1.0"), text);
            assertTrue(text.contains("kbench_run_drift_slope_per_hour{figure=\"publish_p99_micros\"} 360000.0"), text);
            assertTrue(text.contains("kbench_run_drift_slope_per_hour{figure=\"throughput_msgs\"} 0.0"), text);
            assertTrue(text.contains("kbench_run_drift_p_value{figure=\"throughput_msgs\"} 1.0"), text);
            // Ten rising values: S = 45 of 45 pairs, p = 8.3e-5.
            assertEquals(8.3e-5, sample(text, "kbench_run_drift_p_value{figure=\"publish_p99_micros\"}"), 0.1e-5, text);
        }
    }

    private static double sample(String text, String series) {
        return text.lines().filter(l -> l.startsWith(series + " ")).mapToDouble(l -> Double.parseDouble(l.substring(series.length() + 1)))
                .findFirst().orElseThrow(() -> new AssertionError(series + " not in\n" + text));
    }

    /** The period ending {@code seconds} after the load started. */
    private static PeriodSummary at(int seconds, PeriodSummary p) {
        return new PeriodSummary(p.phase(), seconds * 1_000_000L, p.durationMicros(), p.publishRate(), p.publishMBps(),
                p.publishErrorRate(), p.consumeRate(), p.consumeMBps(), p.backlogMessages(), p.inFlightMessages(), p.publishLatency(),
                p.sendLatency(), p.scheduleDelay(), p.endToEndLatency(), p.maxWorkerCpu(), p.producersDone(), p.requestedRate(),
                p.scheduleLagMessages());
    }

    @Test
    void aBusyPortIsRefusedInOneLineNamingTheOption() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            MetricsEndpoint.StartException e = assertThrows(MetricsEndpoint.StartException.class,
                    () -> MetricsEndpoint.start("127.0.0.1", taken.getLocalPort()));
            assertEquals("--stats-port " + taken.getLocalPort() + ": the port is in use on 127.0.0.1; choose another, "
                    + "or 0 for a free one", e.getMessage());
        }
    }
}
