package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the tool on the class path bin/benchmark builds from the modules' target/ directories (not
 * the test class path), so what ships is what is tested: the MSK IAM classes load, and without AWS
 * credentials the run fails fast with one clear sentence.
 */
class DistributionClasspathTest {

    @TempDir
    Path dir;

    static String distributionClasspath() throws Exception {
        return classpathOf("kbench_classpath");
    }

    /** What a function of bin/kbench-env.sh prints: a class path with directory wildcards. */
    private static String classpathOf(String function) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", "source bin/kbench-env.sh && " + function).directory(Cli.HOME.toFile()).start();
        String cp = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor());
        return cp;
    }

    /** The jar file names a class path holds, its {@code dir/*} entries listed as the JVM expands them. */
    private static List<String> jarNames(String classpath) throws Exception {
        List<String> names = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.endsWith("/*")) {
                try (Stream<Path> jars = Files.list(Path.of(entry.substring(0, entry.length() - 2)))) {
                    jars.filter(j -> j.toString().endsWith(".jar")).forEach(j -> names.add(j.getFileName().toString()));
                }
            } else {
                names.add(Path.of(entry).getFileName().toString());
            }
        }
        return names;
    }

    /** Jars only a broker needs: a worker never starts a cluster, so none may ship to one. */
    private static final Pattern BROKER_JAR = Pattern.compile(
            "(kafka_2\\.13|kafka-server|kafka-server-common|kafka-raft|kafka-metadata|kafka-storage|kafka-storage-api"
            + "|kafka-group-coordinator|kafka-transaction-coordinator|kafka-share-coordinator|scala-library|local-kafka)-.*\\.jar");

    @Test
    void theWorkerAgentsClassPathHoldsNoBrokerJar() throws Exception {
        List<String> worker = jarNames(classpathOf("kbench_worker_classpath"));
        assertTrue(worker.stream().anyMatch(n -> n.startsWith("kafka-clients-")), worker.toString());
        assertEquals(List.of(), worker.stream().filter(n -> BROKER_JAR.matcher(n).matches()).toList());
        // The coordinator starts the default run's cluster, so it has them.
        List<String> coordinator = jarNames(distributionClasspath());
        assertTrue(coordinator.stream().anyMatch(n -> n.startsWith("kafka_2.13-")), coordinator.toString());
        assertTrue(coordinator.stream().anyMatch(n -> n.startsWith("local-kafka-")), coordinator.toString());
    }

    @Test
    void theWorkerAgentStartsOnItsClassPath() throws Exception {
        String script = Files.readString(Cli.HOME.resolve("bin/benchmark-worker"));
        assertTrue(script.contains("-cp \"$(kbench_worker_classpath)\" io.kbench.agent.WorkerMain"), script);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classpathOf("kbench_worker_classpath"), "io.kbench.agent.WorkerMain", "--help")
                .directory(Cli.HOME.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);
        assertTrue(!output.contains("NoClassDefFoundError") && !output.contains("ClassNotFoundException"), output);
    }

    private record Outcome(int exit, String output, double seconds) {}

    private Outcome run(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", distributionClasspath(), "io.kbench.cli.BenchmarkMain"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(Cli.HOME.toFile()).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("AWS_"));
        pb.environment().put("AWS_CONFIG_FILE", dir.resolve("none").toString());
        pb.environment().put("AWS_SHARED_CREDENTIALS_FILE", dir.resolve("none").toString());
        pb.environment().putAll(env);
        long start = System.nanoTime();
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Outcome(p.exitValue(), output, (System.nanoTime() - start) / 1e9);
    }

    @Test
    void mskIamWithoutCredentialsFailsFastWithOneSentence() throws Exception {
        Outcome o = run(Map.of("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1"), "--drivers", "driver-kafka/msk.yaml",
                "--duration", "2s", "--warmup", "0s", "--output-dir", dir.toString(), "workloads/simple.yaml");
        assertEquals(1, o.exit(), o.output());
        assertTrue(o.seconds() < 15, "took " + o.seconds() + " s");
        assertTrue(o.output().contains("AWS MSK IAM authentication needs AWS credentials, and the default provider chain found none"),
                o.output());
        assertTrue(!o.output().contains("NoClassDefFoundError") && !o.output().contains("ClassNotFoundException"), o.output());
        assertTrue(!o.output().contains("\tat "), "no stack trace:\n" + o.output());
    }

    @Test
    void theInMemoryDriverFileRunsWithoutKafka() throws Exception {
        // driverClass: inmemory, found by ServiceLoader in driver-inmemory's jar; no cluster field, so the run starts one.
        Outcome o = run(Map.of(), "--drivers", "driver-inmemory/inmemory.yaml", "--duration", "2s", "--warmup", "0s",
                "--output-dir", dir.toString(), "workloads/simple.yaml");
        assertEquals(0, o.exit(), o.output());
        assertTrue(o.output().contains("Started in-memory cluster 'run-"), o.output());
        assertTrue(o.output().lines().anyMatch(l -> l.startsWith("Cluster: in-memory cluster 'run-") && l.endsWith("' in this JVM")),
                o.output());
        assertTrue(!o.output().contains("Starting local Kafka"), "no Kafka was started:\n" + o.output());
        assertTrue(o.output().contains("=== simple on In-memory: completed ==="), o.output());
        // Every message sent was acknowledged and checked by the consumer: the same count three times.
        Matcher m = Pattern.compile("Messages \\(whole run\\): ([\\d,]+) sent, ([\\d,]+) acknowledged, 0 failed").matcher(o.output());
        assertTrue(m.find(), o.output());
        assertEquals(m.group(1), m.group(2), o.output());
        assertTrue(o.output().contains("Integrity OK: " + m.group(1) + " messages checked, 0 lost"), o.output());
    }

    @Test
    void mskIamFindsCredentialsFromTheEnvironment() throws Exception {
        // With credentials in the provider chain the check passes; the run then fails only on the (absent) cluster.
        Outcome o = run(Map.of("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1", "AWS_ACCESS_KEY_ID", "AKIAEXAMPLEEXAMPLE00",
                "AWS_SECRET_ACCESS_KEY", "example-secret-access-key", "AWS_REGION", "us-east-1"),
                "--drivers", "driver-kafka/msk.yaml", "--duration", "2s", "--warmup", "0s", "--output-dir", dir.toString(),
                "workloads/simple.yaml");
        assertEquals(1, o.exit(), o.output());
        assertTrue(o.output().contains("cannot reach Kafka at 127.0.0.1:1"), o.output());
        assertTrue(!o.output().contains("example-secret-access-key"), "the secret key is never printed");
    }
}
