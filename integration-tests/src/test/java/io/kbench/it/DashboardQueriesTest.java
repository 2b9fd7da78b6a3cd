package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped Grafana dashboard against a real Prometheus: Prometheus, configured by the shipped scrape configuration
 * with this test's targets, scrapes a running benchmark (the coordinator's --stats-port and a worker agent's), and every query of deploy/grafana/kbench-dashboard.json must return data while
 * the run goes. Grafana itself cannot be installed here; its queries are what can break.
 */
@Timeout(240)
class DashboardQueriesTest {

    static final Path DASHBOARD = Cli.HOME.resolve("deploy/grafana/kbench-dashboard.json");

    /** Grafana's interval variables, as it would fill them for a 1 s scrape (rate() needs a few samples). */
    private static final Map<String, String> GRAFANA_VARIABLES = Map.of("$__rate_interval", "10s", "$__interval", "5s",
            "$__range", "1m");

    @TempDir
    Path dir;

    /** Every query of the dashboard, by panel title, Grafana's variables filled in. */
    static Map<String, String> dashboardQueries() throws Exception {
        JsonNode dashboard = Cli.JSON.readTree(DASHBOARD.toFile());
        Map<String, String> queries = new LinkedHashMap<>();
        List<JsonNode> panels = new ArrayList<>();
        dashboard.path("panels").forEach(panels::add);
        for (int i = 0; i < panels.size(); i++) {
            JsonNode panel = panels.get(i);
            panel.path("panels").forEach(panels::add); // a collapsed row keeps its panels inside
            for (JsonNode target : panel.path("targets")) {
                String expr = target.path("expr").asText();
                for (Map.Entry<String, String> v : GRAFANA_VARIABLES.entrySet()) {
                    expr = expr.replace(v.getKey(), v.getValue());
                }
                assertFalse(expr.contains("$"), "a variable the test does not know in " + panel.path("title") + ": " + expr);
                queries.put(panel.path("title").asText() + " / " + target.path("refId").asText(), expr);
            }
        }
        return queries;
    }

    @Test
    void theDashboardUsesItsPrometheusDatasourceVariable() throws Exception {
        JsonNode dashboard = Cli.JSON.readTree(DASHBOARD.toFile());
        JsonNode variable = dashboard.path("templating").path("list").get(0);
        assertEquals("datasource", variable.path("type").asText());
        assertEquals("prometheus", variable.path("query").asText());
        for (JsonNode panel : dashboard.path("panels")) {
            if (!panel.path("type").asText().equals("row")) {
                assertEquals("${" + variable.path("name").asText() + "}", panel.path("datasource").path("uid").asText(),
                        panel.path("title").asText());
            }
        }
        assertTrue(dashboardQueries().size() >= 10, dashboardQueries().toString());
    }

    @Test
    void everyQueryOfTheDashboardReturnsDataFromARunningBenchmark() throws Exception {
        StringBuilder why = new StringBuilder();
        Path executable = PrometheusServer.findOrInstall(why);
        Assumptions.assumeTrue(executable != null, () -> "SKIPPED, not passed: " + why);
        Map<String, String> queries = dashboardQueries();

        try (WorkerProcesses workers = WorkerProcesses.start(1)) {
            int coordinatorPort = WorkerProcesses.freePort();
            Path config = shippedConfig(Map.of("kbench-coordinator", "127.0.0.1:" + coordinatorPort,
                    "kbench-workers", "127.0.0.1:" + workers.agents.get(0).statsPort()));
            try (PrometheusServer prometheus = PrometheusServer.start(executable, config)) {
                Path driver = Cli.driverFile(dir, "driver.yaml", "");
                Path workload = Cli.write(dir, "live.yaml", """
                        name: live
                        topics: 1
                        partitionsPerTopic: 2
                        messageSize: 200
                        producerRate: 2000
                        warmupDuration: 0s
                        testDuration: 16s
                        """);
                Path token = Cli.write(dir, "token", WorkerProcesses.TOKEN + "\n");
                CompletableFuture<Cli.Outcome> running = CompletableFuture.supplyAsync(() -> Cli.run("--workers",
                        workers.urls(), "--worker-token-file", token.toString(), "--drivers", driver.toString(),
                        "--output-dir", dir.toString(), "--progress-interval", "1s", "--stats-port",
                        Integer.toString(coordinatorPort), workload.toString()));

                // Once Prometheus has seen the load measured (not the zeros of the setup), while the run goes: every query
                // answers with at least one series holding a number (not NaN), or the test says which did not. The drift
                // panels' slope and p-value come after 10 measured periods of 1 s: the run measures 16.
                while (!running.isDone() && (prometheus.query("kbench_run_phase{phase=\"measure\"} == 1").isEmpty()
                        || prometheus.query("kbench_run_achieved_rate_msgs > 0").isEmpty()
                        || prometheus.query("sum(rate(kbench_messages_sent[10s])) > 0").isEmpty())) {
                    Thread.sleep(500);
                }
                Map<String, String> empty = new LinkedHashMap<>(queries);
                Map<String, JsonNode> answers = new LinkedHashMap<>();
                while (!empty.isEmpty() && !running.isDone()) {
                    for (var it = empty.entrySet().iterator(); it.hasNext(); ) {
                        var q = it.next();
                        JsonNode result = prometheus.query(q.getValue());
                        if (hasANumber(result)) {
                            answers.put(q.getKey(), result);
                            it.remove();
                        }
                    }
                    Thread.sleep(500);
                }
                String runId = answers.containsKey("Run / A") ? answers.get("Run / A").get(0).path("metric").path("run_id").asText() : null;
                Cli.Outcome run = running.get(120, TimeUnit.SECONDS);
                assertEquals(0, run.exitCode(), run.all());
                assertTrue(empty.isEmpty(), "queries of the dashboard that returned no data while the run went: " + empty
                        + "\nscrape targets: " + prometheus.targets() + "\n" + run.out());
                assertEquals(run.result().path("runId").asText(), runId, "the run the coordinator exported is the run of the result");
                assertTrue(run.out().contains("Prometheus metrics of the run on http://127.0.0.1:" + coordinatorPort + "/metrics"),
                        run.out());
            }
        }
    }

    /** deploy/prometheus/prometheus.yml with each job's targets replaced by this test's, scraping every second. */
    private Path shippedConfig(Map<String, String> targetByJob) throws Exception {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        ObjectNode config = (ObjectNode) yaml.readTree(Cli.HOME.resolve("deploy/prometheus/prometheus.yml").toFile());
        ((ObjectNode) config.path("global")).put("scrape_interval", "1s").put("evaluation_interval", "1s");
        for (JsonNode job : config.path("scrape_configs")) {
            String target = targetByJob.get(job.path("job_name").asText());
            assertNotNull(target, "a job the test does not know: " + job);
            ((ObjectNode) job.path("static_configs").get(0)).putArray("targets").add(target);
        }
        assertEquals(targetByJob.size(), config.path("scrape_configs").size(), config.toString());
        return Cli.write(dir, "prometheus.yml", yaml.writeValueAsString(config));
    }

    private static boolean hasANumber(JsonNode result) {
        for (JsonNode series : result) {
            if (!Double.isNaN(Double.parseDouble(series.path("value").get(1).asText()))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aBusyStatsPortIsOneLineAndNothingRuns() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            // The default driver: the check comes before its local cluster would start.
            Cli.Outcome run = Cli.run("--stats-port", Integer.toString(port), "--output-dir", dir.toString(),
                    Cli.HOME.resolve("workloads/simple.yaml").toString());
            assertEquals(2, run.exitCode(), run.all());
            assertEquals("--stats-port " + port + ": the port is in use on 127.0.0.1; choose another, or 0 for a free one",
                    run.err().strip());
            assertNull(run.resultFile(), run.out());
            BadInputTest.assertNoStackTrace(run);
            assertTrue(Files.list(dir).findAny().isEmpty(), "nothing written");
        }
    }
}
