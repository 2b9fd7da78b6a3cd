package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.kbench.deploy.helm.Helm;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Helm chart's run Job, without Kubernetes: {@code helm template} renders it, and its two
 * containers' commands run here exactly as rendered, the pod's mounts mapped to directories of the
 * test (token, inline files, results) and its Service's DNS name to three worker agents on
 * 127.0.0.2-4 (a hosts file). The image's {@code kbench} launcher is a script that starts
 * bin/benchmark's main. Then the results container's output goes through the documented
 * {@code base64 -d | tar xz}.
 */
@Timeout(240)
class ChartJobCommandTest {

    static final String RELEASE = "kb";
    static final String NAMESPACE = "bench";
    static final String SERVICE = "kb-kbench-worker.bench.svc.cluster.local";
    static final List<String> ADDRESSES = List.of("127.0.0.2", "127.0.0.3", "127.0.0.4");
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TempDir
    static Path dir;
    static WorkerProcesses workers;
    static int port;
    static Path launcher;

    @BeforeAll
    static void start() throws Exception {
        port = WorkerProcesses.freePort();
        workers = WorkerProcesses.startAt(ADDRESSES, port);
        StringBuilder hosts = new StringBuilder("127.0.0.1 localhost " + InetAddress.getLocalHost().getHostName() + "\n");
        ADDRESSES.forEach(a -> hosts.append(a).append(' ').append(SERVICE).append('\n'));
        Path hostsFile = Cli.write(dir, "hosts", hosts.toString());
        Path classpath = Cli.write(dir, "classpath", System.getProperty("java.class.path"));
        // The image's launcher: `kbench run ARGS` is bin/benchmark ARGS; find-max and sweep are its subcommands.
        launcher = Cli.write(dir, "kbench", """
                #!/usr/bin/env bash
                sub="$1"; shift
                case "$sub" in
                  run) ;;
                  find-max|sweep) set -- "$sub" "$@" ;;
                  *) echo "kbench: unknown command $sub" >&2; exit 2 ;;
                esac
                exec %s -Xmx512m -Djdk.net.hosts.file=%s -cp "$(cat %s)" io.kbench.cli.BenchmarkMain "$@"
                """.formatted(Path.of(System.getProperty("java.home"), "bin", "java"), hostsFile, classpath));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (workers != null) {
            workers.close();
        }
    }

    /** The pod as rendered: the two containers' command lines, the run's environment, the inline files. */
    record Pod(List<String> run, Map<String, String> runEnv, List<String> results, Map<String, String> files) {}

    static Pod render(Path root, String... sets) throws Exception {
        List<String> args = new ArrayList<>(List.of("--set", "image.launcher=" + launcher, "--set", "workers.port=" + port,
                "--set", "workers.metricsPort=" + (port + 1),
                // The run's Prometheus endpoint binds here, not in a pod of its own: a free port of this host.
                "--set", "run.metricsPort=" + WorkerProcesses.freePort()));
        args.addAll(List.of("--set-file", "run.files.chart\\.yaml=" + Cli.write(dir, "chart.yaml", """
                name: chart
                topics: 1
                partitionsPerTopic: 6
                messageSize: 200
                producersPerTopic: 3
                subscriptionsPerTopic: 1
                consumerPerSubscription: 3
                producerRate: 3000
                messageCount: 6000
                """), "--set-file", "run.files.driver\\.yaml=" + Cli.driverFile(dir, "driver.yaml", "")));
        args.addAll(List.of("--set", "run.workloads={chart.yaml}", "--set", "run.drivers={driver.yaml}", "--set", "run.workersWait=60s"));
        for (String set : sets) {
            args.addAll(List.of("--set", set));
        }
        Helm.Result r = Helm.template(RELEASE, NAMESPACE, args);
        assertEquals(0, r.exitCode(), r.all());

        // The pod's mounts, mapped to the test's directories.
        Map<String, String> mounts = new LinkedHashMap<>();
        mounts.put("/etc/kbench/token", Files.createDirectories(root.resolve("token")).toString());
        mounts.put("/etc/kbench/run", Files.createDirectories(root.resolve("run-files")).toString());
        mounts.put("/results", Files.createDirectories(root.resolve("results")).toString());
        Files.writeString(root.resolve("token/token"), WorkerProcesses.TOKEN);

        JsonNode job = null;
        Map<String, String> files = new LinkedHashMap<>();
        try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(r.out())) {
            while (docs.hasNext()) {
                JsonNode doc = docs.next();
                if (doc == null || doc.isNull() || doc.isEmpty()) {
                    continue;
                }
                if (doc.path("kind").asText().equals("Job")) {
                    job = doc;
                } else if (doc.path("kind").asText().equals("ConfigMap")) {
                    doc.path("data").fields().forEachRemaining(e -> files.put(e.getKey(), e.getValue().asText()));
                }
            }
        }
        for (Map.Entry<String, String> f : files.entrySet()) {
            Files.writeString(root.resolve("run-files").resolve(f.getKey()), f.getValue());
        }
        JsonNode containers = job.path("spec").path("template").path("spec").path("containers");
        Map<String, String> env = new LinkedHashMap<>();
        containers.get(0).path("env").forEach(e -> env.put(e.get("name").asText(), e.path("value").asText()));
        assertEquals("run", containers.get(0).get("name").asText());
        assertEquals("results", containers.get(1).get("name").asText());
        return new Pod(commandLine(containers.get(0), mounts), env, commandLine(containers.get(1), mounts), files);
    }

    static List<String> commandLine(JsonNode container, Map<String, String> mounts) {
        List<String> line = new ArrayList<>();
        Stream.concat(stream(container.path("command")), stream(container.path("args"))).forEach(part -> {
            String mapped = part;
            for (Map.Entry<String, String> m : mounts.entrySet()) {
                mapped = mapped.replace(m.getKey(), m.getValue());
            }
            line.add(mapped);
        });
        return line;
    }

    static Stream<String> stream(JsonNode list) {
        List<String> values = new ArrayList<>();
        list.forEach(v -> values.add(v.asText()));
        return values.stream();
    }

    record Ended(int exitCode, String output) {}

    static Ended run(List<String> command, Map<String, String> env, Path stdout) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(stdout.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("did not end: " + Files.readString(stdout));
        }
        return new Ended(p.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8));
    }

    /** The documented fetch: the results container's log through base64 -d | tar xz; returns the files extracted. */
    static Set<String> fetch(Pod pod, Path root) throws Exception {
        Path log = root.resolve("results-container.log");
        Ended results = run(pod.results(), Map.of(), log);
        assertEquals(0, results.exitCode(), results.output());
        Path fetched = Files.createDirectories(root.resolve("fetched"));
        Process untar = new ProcessBuilder("bash", "-c", "base64 -d < " + log + " | tar xz").directory(fetched.toFile())
                .redirectErrorStream(true).start();
        assertTrue(untar.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, untar.exitValue(), new String(untar.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        Set<String> names = new TreeSet<>();
        try (Stream<Path> all = Files.walk(fetched)) {
            all.filter(Files::isRegularFile).forEach(f -> names.add(fetched.relativize(f).toString()));
        }
        return names;
    }

    @Test
    void theJobsCommandRunsToTheEndAndItsResultsComeOutOfTheResultsContainersLog() throws Exception {
        Path root = Files.createDirectories(dir.resolve("complete"));
        Pod pod = render(root);
        assertTrue(pod.run().contains("--workers-dns") && pod.run().contains(SERVICE + ":" + port), pod.run().toString());

        Ended run = run(pod.run(), pod.runEnv(), root.resolve("run.out"));

        assertEquals(0, run.exitCode(), run.output());
        assertTrue(run.output().contains("3 worker(s) at " + SERVICE + ":" + port + " answer"), run.output());
        assertTrue(run.output().contains("Result written to"), "progress and results on the container's log:\n" + run.output());
        Path runDir = root.resolve("results/kb-kbench-run-1");
        assertEquals("0", Files.readString(runDir.resolve("exit-code")).strip());
        assertEquals(run.output(), Files.readString(runDir.resolve("console.log")), "the console is kept beside the results");

        Set<String> fetched = fetch(pod, root);
        assertTrue(fetched.contains("kb-kbench-run-1/console.log"), fetched.toString());
        assertTrue(fetched.contains("kb-kbench-run-1/exit-code"), fetched.toString());
        assertTrue(fetched.stream().anyMatch(f -> f.matches("kb-kbench-run-1/chart-.*\\.json")), "the result: " + fetched);
        assertTrue(fetched.stream().anyMatch(f -> f.matches("kb-kbench-run-1/chart-.*\\.html")), "the HTML report: " + fetched);
        assertTrue(fetched.stream().anyMatch(f -> f.matches("kb-kbench-run-1/chart-.*\\.log")), "the run's log: " + fetched);
        Path json;
        try (Stream<Path> files = Files.list(root.resolve("fetched/kb-kbench-run-1"))) {
            json = files.filter(f -> f.getFileName().toString().endsWith(".json")).findFirst().orElseThrow();
        }
        JsonNode result = new ObjectMapper().readTree(json.toFile());
        assertEquals("completed", result.get("status").asText());
        assertEquals(6000, result.get("measurement").get("counts").get("messagesAcked").asLong());
        assertEquals(3, result.get("workerClocks").size());
    }

    @Test
    void fewerWorkersThanExpectedFailTheJobWithTheRunsStatusAndItsLogIsStillFetched() throws Exception {
        Path root = Files.createDirectories(dir.resolve("short"));
        Pod pod = render(root, "run.expectWorkers=4", "run.workersWait=3s");

        Ended run = run(pod.run(), pod.runEnv(), root.resolve("run.out"));

        assertEquals(1, run.exitCode(), run.output());
        // All three answer unless the machine is so busy that one misses the probe's 5 s: the line says which.
        assertTrue(run.output().lines().anyMatch(l -> l.matches("--workers-dns " + java.util.regex.Pattern.quote(SERVICE + ":" + port)
                + ": [0-3] of 4 worker\\(s\\) expected answered GET /v1/info within 3s.*")), run.output());
        Set<String> fetched = fetch(pod, root);
        assertEquals(Set.of("kb-kbench-run-1/console.log", "kb-kbench-run-1/exit-code"), fetched);
        assertEquals("1", Files.readString(root.resolve("fetched/kb-kbench-run-1/exit-code")).strip());
    }
}
