package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.cluster.LocalClusterSecurity;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs against a real broker with a SASL_SSL listener (self-signed certificate made for the test,
 * hostname verification on), with PLAIN and SCRAM-SHA-512 users.
 */
@Timeout(120)
class SecureClusterTest {

    static final String PASSWORD = "Canary-7f3b9c2e-Secret";
    static final String WRONG_PASSWORD = "Canary-wrong-41d8a0";

    static LocalKafkaCluster cluster;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSecuredBroker() {
        cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults().withSecurity(
                new LocalClusterSecurity("SASL_SSL", List.of("PLAIN", "SCRAM-SHA-512"), Map.of("alice", PASSWORD))), line -> {});
    }

    @AfterAll
    static void stopBroker() {
        cluster.close();
    }

    /** A driver file for the secured broker; the password comes from a file, as a real secret would. */
    private Path driver(String mechanism, String password, boolean withTruststore) throws Exception {
        return driver(mechanism, password, withTruststore, false);
    }

    /** @param literal write the password itself into the file instead of a ${file:...} placeholder */
    private Path driver(String mechanism, String password, boolean withTruststore, boolean literal) throws Exception {
        Path secret = Cli.write(dir, "password-" + mechanism, password + "\n");
        String module = mechanism.equals("PLAIN") ? "org.apache.kafka.common.security.plain.PlainLoginModule"
                : "org.apache.kafka.common.security.scram.ScramLoginModule";
        StringBuilder common = new StringBuilder();
        cluster.clientSettings().forEach((k, v) -> {
            if (withTruststore || !k.startsWith("ssl.truststore.")) {
                common.append("  ").append(k).append('=').append(v).append('\n');
            }
        });
        common.append("  sasl.mechanism=").append(mechanism).append('\n');
        common.append("  sasl.jaas.config=").append(module).append(" required username=\"alice\" password=\"")
                .append(literal ? password : "${file:" + secret + "}").append("\";\n");
        return Cli.write(dir, "driver-" + mechanism + ".yaml", "name: Kafka (SASL)\ndriverClass: io.kbench.kafka.KafkaBenchmarkDriver\n"
                + "commonConfig: |\n" + common);
    }

    private Path workload() throws Exception {
        return Cli.write(dir, "w.yaml", "name: secured\ntopics: 1\npartitionsPerTopic: 2\nmessageSize: 256\nproducerRate: 5000\n"
                + "messageCount: 3000\n");
    }

    @Test
    void runsWithPlain() throws Exception {
        Cli.Outcome run = Cli.run("--drivers", driver("PLAIN", PASSWORD, true).toString(), "--output-dir", dir.toString(),
                workload().toString());
        assertEquals(0, run.exitCode(), run.all());
        assertEquals(3000, run.result().get("measurement").get("counts").get("messagesReceived").asLong());
    }

    @Test
    void runsWithScramSha512() throws Exception {
        Cli.Outcome run = Cli.run("--drivers", driver("SCRAM-SHA-512", PASSWORD, true).toString(), "--output-dir", dir.toString(),
                workload().toString());
        assertEquals(0, run.exitCode(), run.all());
        assertEquals(3000, run.result().get("measurement").get("counts").get("messagesAcked").asLong());
    }

    @Test
    void aWrongPasswordFailsFastNamingTheMechanismAndUser() throws Exception {
        long start = System.nanoTime();
        Cli.Outcome run = Cli.run("--drivers", driver("SCRAM-SHA-512", WRONG_PASSWORD, true).toString(), "--output-dir", dir.toString(),
                workload().toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(1, run.exitCode(), run.all());
        assertTrue(seconds < 15, "took " + seconds + " s");
        assertTrue(run.out().contains("authentication failed at " + cluster.bootstrapServers()
                + " with SASL mechanism SCRAM-SHA-512 as user 'alice'"), run.out());
        assertEquals("failed", run.result().get("status").asText());
        BadInputTest.assertNoStackTrace(run);
    }

    @Test
    void anUntrustedCertificateNamesTheTruststoreAndHost() throws Exception {
        Cli.Outcome run = Cli.run("--drivers", driver("PLAIN", PASSWORD, false).toString(), "--output-dir", dir.toString(),
                workload().toString());
        assertEquals(1, run.exitCode(), run.all());
        assertTrue(run.out().contains("TLS handshake with " + cluster.bootstrapServers() + " failed: the broker's certificate is not "
                + "trusted by the JVM's default truststore"), run.out());
        BadInputTest.assertNoStackTrace(run);
    }

    /**
     * Secrets never show in stdout, stderr, worker consoles and log files, run log files or result files — in success or
     * failure, local or distributed; the libraries log at INFO here, so that their log files hold as much as they can.
     */
    @Test
    void aCanarySecretNeverAppearsInOutputLogsOrResults() throws Exception {
        Path out = dir.resolve("results");
        List<String> printed = new ArrayList<>();
        printed.add(runMain(List.of("--drivers", driver("PLAIN", PASSWORD, true).toString(), "--output-dir", out.toString(),
                workload().toString()), 0));
        printed.add(runMain(List.of("--drivers", driver("PLAIN", WRONG_PASSWORD, true).toString(), "--output-dir", out.toString(),
                workload().toString()), 1));
        printed.add(runMain(List.of("--drivers", driver("PLAIN", PASSWORD, true, true).toString(), "--output-dir", out.toString(),
                workload().toString()), 0));
        try (WorkerProcesses workers = WorkerProcesses.start(1)) {
            Path token = Cli.write(dir, "token", WorkerProcesses.TOKEN);
            printed.add(runMain(List.of("--workers", workers.urls(), "--worker-token-file", token.toString(),
                    "--drivers", driver("SCRAM-SHA-512", PASSWORD, true).toString(), "--output-dir", out.toString(),
                    workload().toString()), 0));
            printed.add(runMain(List.of("--workers", workers.urls(), "--worker-token-file", token.toString(),
                    "--drivers", driver("SCRAM-SHA-512", WRONG_PASSWORD, true).toString(), "--output-dir", out.toString(),
                    workload().toString()), 1));
            printed.add(String.join("\n", workers.agents.get(0).output()));
            printed.add(Files.readString(workers.agents.get(0).logFile()));
        }
        List<Path> files = Cli.files(out);
        List<Path> results = files.stream().filter(f -> f.toString().endsWith(".json")).toList();
        assertEquals(5, results.size(), "every run wrote a result");
        List<Path> logs = files.stream().filter(f -> f.toString().endsWith(".log")).toList();
        assertEquals(5, logs.size(), "and a log file next to it");
        List<Path> reports = files.stream().filter(f -> f.toString().endsWith(".html")).toList();
        assertEquals(5, reports.size(), "and its HTML report, checked for leaks too: " + files);
        for (Path r : files) {
            printed.add(Files.readString(r));
        }
        String everything = String.join("\n", printed);
        assertTrue(everything.contains("authentication failed"), "the failed runs were reported");
        assertFalse(everything.contains(PASSWORD), "the password leaked");
        assertFalse(everything.contains(WRONG_PASSWORD), "the wrong password leaked");
        assertFalse(everything.contains(Base64Of(PASSWORD)), "the password leaked in base64");
        assertFalse(everything.contains(cluster.clientSettings().get("ssl.truststore.password")), "the truststore password leaked");
    }

    private static String Base64Of(String s) {
        return java.util.Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Runs bin/benchmark's main in its own JVM (with its real output streams); returns everything it printed. */
    private String runMain(List<String> args, int expectedExit) throws Exception {
        List<String> command = ToolJvm.command(ToolJvm.COORDINATOR, "-Dkbench.log.level=INFO");
        command.addAll(args);
        Process p = ToolJvm.start(new ProcessBuilder(command).redirectErrorStream(true));
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(expectedExit, p.exitValue(), output);
        return output;
    }

}
