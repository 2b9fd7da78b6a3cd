package io.kbench.containers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;

/**
 * What every container test shares, set up once per test JVM: the image the build made (loaded
 * once), the local base image (for the broker), a podman network of this suite's own, and a Kafka
 * broker container listening on its container address. Torn down when the JVM exits.
 */
final class ContainerSuite {

    static final Duration QUICK = Duration.ofSeconds(60);
    static final Duration SLOW = Duration.ofMinutes(3);
    static final int WORKER_PORT = 8080;
    /**
     * The kbench JVMs these tests start in containers (workers, coordinators) compile with C1 only, through the image's
     * documented JVM option variable, as the suite's other test JVMs do: each lives seconds to a minute, too short for C2
     * to pay back, and the module is CPU-bound on 2 cores. The JVM says "Picked up JAVA_TOOL_OPTIONS" on stderr first.
     */
    static final List<String> C1_ONLY = List.of("-e", "JAVA_TOOL_OPTIONS=-XX:TieredStopAtLevel=1");

    private static ContainerSuite instance;

    final Podman podman;
    final Path dir;
    final String prefix;
    final String network;
    /** The first three bytes of the suite's network, chosen when it is created ({@link #createNetwork}). */
    String subnetPrefix;
    final Path tokenFile;
    private final Path runDir;
    final String token;
    private String whyNot;
    private String image;
    private String base;
    private final List<String> containers = new CopyOnWriteArrayList<>();

    /** The suite, set up on first use; {@link #whyNot()} says why the tests must skip, if they must. */
    static synchronized ContainerSuite get() {
        if (instance == null) {
            instance = new ContainerSuite();
            Runtime.getRuntime().addShutdownHook(new Thread(instance::close, "container-suite-cleanup"));
            instance.start();
        }
        return instance;
    }

    private ContainerSuite() {
        long pid = ProcessHandle.current().pid();
        dir = Path.of(System.getProperty("kbench.container.dir", "target/containers")).toAbsolutePath();
        // A short run directory (conmon's socket paths must stay under 108 characters), the same for the
        // same storage every time (podman insists).
        runDir = Path.of("/tmp", "kbct-run-" + Integer.toHexString(dir.toString().hashCode()));
        podman = new Podman(dir.resolve("podman"), runDir);
        prefix = "kbct-" + pid;
        network = prefix;
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        token = HexFormat.of().formatHex(secret);
        // Each test JVM's own: the module runs its classes in two JVMs at once, each with its own token.
        tokenFile = dir.resolve("worker-token-" + pid);
        whyNot = HostTools.ensureInstalled();
        try {
            Files.createDirectories(dir);
            Files.writeString(tokenFile, token);
            // Read by the containers' uid 10001 through a read-only mount, as a mounted Secret would be.
            Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String whyNot() {
        return whyNot;
    }

    private void start() {
        if (whyNot != null) {
            return;
        }
        removeLeftovers();
        Path imageDir = Path.of(System.getProperty("kbench.image.dir", "../deploy/image/target"));
        Path imageTar = imageDir.resolve("kbench-image-test.tar");
        if (!Files.isRegularFile(imageTar)) {
            throw new IllegalStateException("no image at " + imageTar + ": build it with `mvn -pl container-tests -am verify` "
                    + "(the module deploy/image builds it before these tests)");
        }
        long t0 = System.nanoTime();
        image = loaded(podman.must(SLOW, "load", "-q", "-i", imageTar.toString()), imageTar);
        Path baseTar = imageDir.resolve("local-base").resolve("base-docker.tar");
        base = loaded(podman.must(SLOW, "load", "-q", "-i", baseTar.toString()), baseTar);
        // Where the kernel refuses containers or bridges, the tests skip and say why.
        Podman.Result probe = podman.run(QUICK, "run", "--rm", "--network", "none", base, "true");
        if (!probe.ok()) {
            whyNot = "podman cannot start a container on this machine: " + probe.describe();
            return;
        }
        Podman.Result bridge = createNetwork();
        if (!bridge.ok()) {
            whyNot = "podman cannot create a bridge network on this machine: " + bridge.describe();
            return;
        }
        nameBridge();
        long t1 = System.nanoTime();
        startBroker();
        System.out.printf(java.util.Locale.ROOT, "[suite] images loaded in %.1f s, broker ready in %.1f s at %s%n",
                (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9, brokerAddress());
    }

    /**
     * What an earlier test JVM left here when it was killed: its containers and its network, named after its pid. A suite
     * whose JVM still runs (the module runs two at once, on this one storage) keeps its own.
     */
    private void removeLeftovers() {
        Pattern owner = Pattern.compile("kbct-(\\d+)(?:-.*)?");
        for (String name : podman.run(QUICK, "ps", "-a", "--format", "{{.Names}}").out().split("\\s+")) {
            if (leftOver(owner.matcher(name))) {
                podman.run(QUICK, "rm", "-f", "-t", "0", name);
            }
        }
        for (String name : podman.run(QUICK, "network", "ls", "-q").out().split("\\s+")) {
            if (leftOver(owner.matcher(name))) {
                podman.run(QUICK, "network", "rm", "-f", name);
            }
        }
    }

    private static boolean leftOver(Matcher name) {
        return name.matches() && ProcessHandle.of(Long.parseLong(name.group(1))).map(p -> !p.isAlive()).orElse(true);
    }

    /**
     * A /24 of the suite's own: the third byte from the pid keeps two suites apart, and the next one is tried when another
     * suite has that one already.
     */
    private Podman.Result createNetwork() {
        long pid = ProcessHandle.current().pid();
        Podman.Result bridge = null;
        for (int k = 0; k < 5; k++) {
            subnetPrefix = "10.213." + ((pid + k) % 250 + 1);
            bridge = podman.run(QUICK, "network", "create", "--subnet", subnetPrefix + ".0/24", network);
            if (bridge.ok()) {
                break;
            }
        }
        return bridge;
    }

    /**
     * The suite's network gets a bridge named after it: podman 4.3 names bridges podman1, podman2, ...
     * by the networks it knows (only ours here), which could meet another user's bridge of that name.
     */
    private void nameBridge() {
        Path config = dir.resolve("podman").resolve("networks").resolve(network + ".json");
        try {
            String json = Files.readString(config);
            Files.writeString(config, json.replaceFirst("\"network_interface\": *\"[^\"]*\"",
                    "\"network_interface\": \"" + prefix + "\""));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot name the network's bridge in " + config, e);
        }
    }

    private static String loaded(String loadOutput, Path tar) {
        Matcher m = Pattern.compile("Loaded image(?:\\(s\\))?: *(\\S+)").matcher(loadOutput);
        if (!m.find()) {
            throw new IllegalStateException("podman load " + tar + " named no image: " + loadOutput);
        }
        return m.group(1);
    }

    /** The image the build made. */
    String image() {
        return image;
    }

    String brokerAddress() {
        return subnetPrefix + ".2:9092";
    }

    /**
     * Kafka's own broker (KRaft, one node) in a container of the base image, its class path mounted
     * read-only, listening on its container address only.
     */
    private void startBroker() {
        String ip = subnetPrefix + ".2";
        Properties p = new Properties();
        p.setProperty("process.roles", "broker,controller");
        p.setProperty("node.id", "1");
        p.setProperty("controller.quorum.voters", "1@" + ip + ":9093");
        p.setProperty("listeners", "PLAINTEXT://" + ip + ":9092,CONTROLLER://" + ip + ":9093");
        p.setProperty("advertised.listeners", "PLAINTEXT://" + ip + ":9092");
        p.setProperty("controller.listener.names", "CONTROLLER");
        p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.setProperty("inter.broker.listener.name", "PLAINTEXT");
        p.setProperty("log.dirs", "/tmp/kafka-logs");
        p.setProperty("offsets.topic.replication.factor", "1");
        p.setProperty("transaction.state.log.replication.factor", "1");
        p.setProperty("transaction.state.log.min.isr", "1");
        p.setProperty("share.coordinator.state.topic.replication.factor", "1");
        p.setProperty("share.coordinator.state.topic.min.isr", "1");
        p.setProperty("group.initial.rebalance.delay.ms", "0");
        p.setProperty("log.cleaner.dedupe.buffer.size", "4194304");
        Path props = dir.resolve(prefix + "-broker.properties"); // each test JVM its own broker
        try (var out = Files.newBufferedWriter(props)) {
            p.store(out, "kbench container tests: one KRaft node");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path lib = Path.of(System.getProperty("kbench.broker.lib", "target/broker-lib")).toAbsolutePath();
        String cp = "/broker/lib/*";
        // C1 only, as the suite's other brokers (local-kafka's NodeJvm, KBENCH_NODE_JVM_OPTIONS): over the two minutes of these
        // tests a broker spends less CPU with it than compiling with C2 (a shared broker over 2 min: 48 core-s against 61).
        String script = "java -XX:TieredStopAtLevel=1 -cp '" + cp + "' kafka.tools.StorageTool format -t " + Uuid.randomUuid()
                + " -c /broker/server.properties >/tmp/format.log 2>&1 || { cat /tmp/format.log; exit 1; }; "
                + "exec java -XX:TieredStopAtLevel=1 -Xms256m -Xmx512m -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp '" + cp
                + "' kafka.Kafka /broker/server.properties";
        String name = prefix + "-kafka";
        podman.must(QUICK, "run", "-d", "--name", name, "--network", network, "--ip", ip, "--memory", "1g",
                "-v", lib + ":/broker/lib:ro", "-v", props + ":/broker/server.properties:ro",
                base, "sh", "-c", script);
        containers.add(name);
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            if (!"true".equals(podman.run(QUICK, "inspect", "-f", "{{.State.Running}}", name).out().strip())) {
                throw new IllegalStateException("the broker container ended; its log: " + logs(name));
            }
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, brokerAddress(),
                    AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000))) {
                if (!admin.describeCluster().nodes().get().isEmpty()) {
                    return;
                }
            } catch (Exception e) {
                last = e;
            }
            sleep(Duration.ofMillis(500));
        }
        throw new IllegalStateException("the broker container did not answer on " + brokerAddress() + " within 90 s ("
                + last + "); its log: " + podman.run(QUICK, "logs", name).out());
    }

    /** A worker container from the image, ready (its /v1/info answers with the token). */
    Worker startWorker(String shortName, int host, List<String> extraRunOptions) {
        String name = prefix + "-" + shortName;
        String ip = subnetPrefix + "." + host;
        List<String> args = new ArrayList<>(List.of("run", "-d", "--name", name, "--network", network, "--ip", ip,
                "--memory", "1g", "-e", "KAFKA_BOOTSTRAP_SERVERS=" + brokerAddress(),
                "-v", tokenFile + ":/etc/kbench/token/token:ro"));
        args.addAll(C1_ONLY);
        args.addAll(extraRunOptions);
        args.addAll(List.of(image, "worker", "--bind", "0.0.0.0", "--port", Integer.toString(WORKER_PORT),
                "--token-file", "/etc/kbench/token/token"));
        podman.must(QUICK, args.toArray(String[]::new));
        containers.add(name);
        Worker w = new Worker(name, ip, "http://" + ip + ":" + WORKER_PORT);
        awaitReady(w);
        return w;
    }

    private void awaitReady(Worker w) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(w.url() + "/v1/info"))
                        .header("Authorization", "Bearer " + token).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
                last = "HTTP " + r.statusCode();
            } catch (IOException e) {
                last = e.toString();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(Duration.ofMillis(300));
        }
        throw new IllegalStateException("worker " + w.name() + " did not answer at " + w.url() + " within 60 s (" + last
                + "); its log: " + logs(w.name()));
    }

    String logs(String container) {
        Podman.Result r = podman.run(QUICK, "logs", container);
        return r.out() + r.err();
    }

    void remove(String container) {
        podman.run(QUICK, "rm", "-f", "-t", "0", container);
        containers.remove(container);
    }

    void removeAll(List<Worker> workers) {
        for (Worker w : workers) {
            remove(w.name());
        }
    }

    void track(String container) {
        containers.add(container);
    }

    private void close() {
        for (String c : containers) {
            podman.run(QUICK, "rm", "-f", "-t", "0", c);
        }
        podman.run(QUICK, "network", "rm", "-f", network);
    }

    static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A worker container: its name, container address and agent URL. */
    record Worker(String name, String ip, String url) {}
}
