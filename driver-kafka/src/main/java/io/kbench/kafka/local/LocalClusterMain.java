package io.kbench.kafka.local;

import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.PrintStream;
import java.io.Reader;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;

/**
 * The child JVM of {@link LocalKafkaCluster}: formats and runs N combined broker+controller KRaft
 * nodes in this one JVM.
 *
 * <p>Protocol with the parent: once every broker is registered, one line
 * {@code READY <bootstrap.servers>} is written to stdout. End of file on stdin is the shutdown
 * signal (it also arrives when the parent dies, even by SIGKILL). Everything else the JVM prints,
 * including all logging, goes to stderr, which the parent redirects to a log file.
 *
 * <p>Arguments: {@code --data-dir DIR --brokers N [--broker-config FILE.properties] [--security FILE]}.
 * With {@code --security} (a file written by {@link LocalClusterSecrets}, never the secrets
 * themselves on the command line) the client listener, the one in {@code READY}, uses that
 * protocol, and the nodes talk to each other on internal PLAINTEXT listeners.
 */
public final class LocalClusterMain {

    /** Prefix of the one control line written to stdout. */
    static final String READY = "READY ";

    /** Exit status for a start failure (bad arguments, format or start error, timeout). */
    static final int EXIT_START_FAILED = 2;
    /** Exit status when Kafka asked to exit or halt the JVM (a fatal broker error). */
    static final int EXIT_FATAL = 3;

    private static final String HOST = ClusterLayout.HOST;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(80);
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration LAST_NODE_GRACE = Duration.ofMillis(1000);

    private static final Logger LOG = LoggerFactory.getLogger(LocalClusterMain.class);

    private final Path dataDir;
    private final int brokers;
    private final Properties overrides;
    /** Secured client listener, or {@code null} for the plain PLAINTEXT cluster. */
    private final LocalClusterSecrets.ChildSettings security;
    private final List<String> secrets;
    private final List<KafkaRaftServer> servers = new ArrayList<>();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final Optional<ProcessHandle> parent = ProcessHandle.current().parent();

    private LocalClusterMain(Path dataDir, int brokers, Properties overrides,
                             LocalClusterSecrets.ChildSettings security) {
        this.dataDir = dataDir;
        this.brokers = brokers;
        this.overrides = overrides;
        this.security = security;
        this.secrets = security == null ? List.of() : security.secrets();
    }

    public static void main(String[] args) {
        // stdout is the control channel: keep it for ourselves and send anything else that
        // writes to System.out (a library, a default log4j2 console appender) to stderr.
        PrintStream control = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);

        LocalClusterMain main;
        try {
            main = fromArgs(args);
        } catch (IllegalArgumentException | IOException e) {
            LOG.error("Bad arguments: {}", e.getMessage());
            System.err.flush();
            System.exit(EXIT_START_FAILED);
            return;
        }
        main.run(control);
    }

    private static LocalClusterMain fromArgs(String[] args) throws IOException {
        Path dataDir = null;
        Integer brokers = null;
        Path overridesFile = null;
        Path securityFile = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + arg);
            }
            String value = args[++i];
            switch (arg) {
                case "--data-dir" -> dataDir = Path.of(value);
                case "--brokers" -> brokers = Integer.parseInt(value);
                case "--broker-config" -> overridesFile = Path.of(value);
                case "--security" -> securityFile = Path.of(value);
                default -> throw new IllegalArgumentException("unknown argument " + arg);
            }
        }
        if (dataDir == null || brokers == null) {
            throw new IllegalArgumentException(
                    "usage: --data-dir DIR --brokers N [--broker-config FILE] [--security FILE]");
        }
        if (brokers < 1) {
            throw new IllegalArgumentException("--brokers must be at least 1");
        }
        Properties overrides = new Properties();
        if (overridesFile != null) {
            try (Reader r = Files.newBufferedReader(overridesFile, StandardCharsets.UTF_8)) {
                overrides.load(r);
            }
        }
        LocalClusterSecrets.ChildSettings security = securityFile == null ? null : LocalClusterSecrets.read(securityFile);
        return new LocalClusterMain(dataDir, brokers, overrides, security);
    }

    private void run(PrintStream control) {
        installExitProcedures();
        Runtime.getRuntime().addShutdownHook(new Thread(this::stop, "local-kafka-shutdown-hook"));
        String bootstrap;
        try {
            long t0 = System.nanoTime();
            bootstrap = startAll();
            LOG.info("{} broker(s) ready at {} in {} ms", brokers, bootstrap,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        } catch (Exception e) {
            if (security == null) {
                LOG.error("Local Kafka failed to start: {}", e.toString(), e);
            } else {
                // Messages and stack traces could quote a configuration value: redact the secrets.
                StringWriter trace = new StringWriter();
                e.printStackTrace(new PrintWriter(trace));
                LOG.error("Local Kafka failed to start: {}", redact(trace.toString()));
            }
            System.err.flush();
            // Shutdown hook stops whatever did start and deletes the data.
            System.exit(EXIT_START_FAILED);
            return;
        }
        control.println(READY + bootstrap);
        control.flush();

        waitForEndOfInput();
        LOG.info("Stdin closed: shutting down");
        stop();
        System.exit(0);
    }

    private static void waitForEndOfInput() {
        byte[] buf = new byte[256];
        try (InputStream in = System.in) {
            while (in.read(buf) >= 0) {
                // Input is ignored; only its end matters.
            }
        } catch (IOException e) {
            LOG.warn("Reading stdin failed ({}): shutting down", e.toString());
        }
    }

    /**
     * Kafka calls {@link Exit#exit}/{@link Exit#halt} on fatal errors (e.g. a failed log dir, a
     * metadata error). Log it and end the child with a non-zero status; the parent sees the exit
     * and reports the log tail.
     */
    private void installExitProcedures() {
        Exit.setExitProcedure((status, message) -> fatal("exit", status, message));
        Exit.setHaltProcedure((status, message) -> fatal("halt", status, message));
    }

    private void fatal(String kind, int status, String message) {
        if (stopping.get()) {
            // Shutting down (e.g. a node still stopping noticed its data going): end quietly.
            System.err.println("Kafka requested JVM " + kind + " with status " + status + " while stopping"
                    + (message == null ? "" : ": " + message));
            System.err.flush();
            deleteDataDir();
            Runtime.getRuntime().halt(0);
        }
        System.err.println("Kafka requested JVM " + kind + " with status " + status
                + (message == null ? "" : ": " + message) + "; local cluster stops");
        System.err.flush();
        deleteDataDir();
        Runtime.getRuntime().halt(status == 0 ? EXIT_FATAL : status);
    }

    private String startAll() throws Exception {
        Files.createDirectories(dataDir);
        List<Integer> ports = freePorts(ClusterLayout.portsPerNode(security != null, false) * brokers);
        Map<String, String> given = new TreeMap<>();
        overrides.forEach((k, v) -> given.put(k.toString(), v.toString()));
        ClusterLayout layout = ClusterLayout.compute(brokers, ports, security, given, dataDir, false);
        String clusterId = Uuid.randomUuid().toString();
        // SCRAM users go into the bootstrap metadata; the same records for every node.
        List<String> scramArguments = security == null ? List.of() : security.scramArguments();

        List<KafkaRaftServer> created = new ArrayList<>();
        for (NodeLayout node : layout.nodes()) {
            Properties props = node.toProperties();
            Path propsFile = node.configFile();
            // Owner-only: with security the file holds the keystore password and PLAIN users.
            // Stored as ISO-8859-1 with escapes, the encoding both Properties readers agree on.
            LocalClusterSecrets.createOwnerOnly(propsFile);
            try (OutputStream out = Files.newOutputStream(propsFile, StandardOpenOption.TRUNCATE_EXISTING)) {
                props.store(out, "kbench local Kafka node " + node.nodeId());
            }
            format(propsFile, clusterId, scramArguments);
            created.add(newServer(props));
        }
        String bootstrap = layout.bootstrapServers();
        String internalBootstrap = layout.adminBootstrapServers();

        // With several voters no node can finish starting alone (the broker waits for the
        // controller quorum), so start them all at once.
        List<CompletableFuture<Void>> starts = new ArrayList<>();
        for (int i = 0; i < created.size(); i++) {
            KafkaRaftServer server = created.get(i);
            synchronized (servers) {
                if (stopping.get()) {
                    throw new IllegalStateException("stopped while starting");
                }
                servers.add(server);
            }
            CompletableFuture<Void> start = new CompletableFuture<>();
            Thread t = new Thread(() -> {
                try {
                    server.startup();
                    start.complete(null);
                } catch (Throwable e) {
                    start.completeExceptionally(e);
                }
            }, "local-kafka-start-" + (i + 1));
            t.setDaemon(true);
            t.start();
            starts.add(start);
        }
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try {
            CompletableFuture.allOf(starts.toArray(CompletableFuture[]::new))
                    .get(remainingMs(deadline), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a broker failed to start: " + e.getCause(), e.getCause());
        }
        // Readiness is checked on the internal PLAINTEXT listener when secured: no credentials needed.
        awaitBrokers(internalBootstrap, deadline);
        return bootstrap;
    }

    /**
     * {@code new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM)}, reflectively:
     * KafkaConfig's superclass lives in kafka-server, which kafka_2.13 only brings at runtime, so
     * javac cannot type-check direct calls against it.
     */
    private static KafkaRaftServer newServer(Properties props) throws Exception {
        try {
            Class<?> configClass = Class.forName("kafka.server.KafkaConfig");
            Object config = configClass.getMethod("fromProps", Properties.class, boolean.class)
                    .invoke(null, props, false);
            return KafkaRaftServer.class.getConstructor(configClass, Time.class)
                    .newInstance(config, Time.SYSTEM);
        } catch (InvocationTargetException e) {
            // E.g. a ConfigException for a bad brokerConfig value: report that, not the wrapper.
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    /**
     * Formats one node's log dir; with static {@code controller.quorum.voters} no quorum flag is needed.
     * {@code scramArguments} are {@code --add-scram} values (they never leave this process).
     */
    private void format(Path propsFile, String clusterId, List<String> scramArguments) {
        List<String> args = new ArrayList<>(List.of(
                "format", "-t", clusterId, "-c", propsFile.toString(), "--ignore-formatted"));
        for (String scram : scramArguments) {
            args.add("--add-scram");
            args.add(scram);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status;
        try (PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            status = StorageTool.execute(args.toArray(String[]::new), ps);
        }
        String text = redact(out.toString(StandardCharsets.UTF_8).trim());
        if (status != 0) {
            throw new IllegalStateException("formatting " + propsFile + " failed (status " + status + "): " + text);
        }
        LOG.debug("{}", text);
    }

    /** {@code text} without any secret of a secured cluster. */
    private String redact(String text) {
        return LocalClusterSecrets.redact(text, secrets);
    }

    private void awaitBrokers(String bootstrap, long deadline) throws Exception {
        Properties p = new Properties();
        p.setProperty(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.setProperty(AdminClientConfig.CLIENT_ID_CONFIG, "kbench-local-ready");
        p.setProperty(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        p.setProperty(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "5000");
        try (Admin admin = Admin.create(p)) {
            int seen = 0;
            while (true) {
                try {
                    seen = admin.describeCluster(new DescribeClusterOptions().timeoutMs(5000))
                            .nodes().get(5, TimeUnit.SECONDS).size();
                    if (seen >= brokers) {
                        return;
                    }
                } catch (ExecutionException | TimeoutException e) {
                    LOG.debug("describeCluster: {}", e.toString());
                }
                if (System.nanoTime() > deadline) {
                    throw new TimeoutException("only " + seen + " of " + brokers + " brokers registered after "
                            + START_TIMEOUT.toSeconds() + " s");
                }
                Thread.sleep(100);
            }
        }
    }

    private static long remainingMs(long deadline) {
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
    }

    private static List<Integer> freePorts(int n) throws IOException {
        // Hold all sockets until every port is chosen so the same port is not returned twice.
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(HOST));
                s.setReuseAddress(true);
                sockets.add(s);
                ports.add(s.getLocalPort());
            }
            return ports;
        } finally {
            for (ServerSocket s : sockets) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // best effort
                }
            }
        }
    }

    /** Stops every node (once), then deletes the data. Safe from any thread, including a shutdown hook. */
    private void stop() {
        if (!stopping.compareAndSet(false, true)) {
            return;
        }
        List<KafkaRaftServer> toStop;
        synchronized (servers) {
            toStop = new ArrayList<>(servers);
        }
        long t0 = System.nanoTime();
        List<CompletableFuture<Void>> stops = new ArrayList<>();
        for (int i = 0; i < toStop.size(); i++) {
            KafkaRaftServer server = toStop.get(i);
            CompletableFuture<Void> done = new CompletableFuture<>();
            Thread t = new Thread(() -> {
                try {
                    server.shutdown();
                    server.awaitShutdown();
                } catch (Throwable e) {
                    LOG.warn("Broker shutdown failed: {}", e.toString());
                } finally {
                    done.complete(null);
                }
            }, "local-kafka-stop-" + (i + 1));
            t.setDaemon(true);
            t.start();
            stops.add(done);
        }
        awaitStops(stops);
        long left = stops.stream().filter(f -> !f.isDone()).count();
        deleteDataDir();
        LOG.info("Stopped {} node(s) in {} ms{}", toStop.size(), (System.nanoTime() - t0) / 1_000_000,
                left == 0 ? "" : " (" + left + " still stopping; not waited for)");
    }

    /**
     * Waits for the nodes to stop, at most {@link #SHUTDOWN_TIMEOUT}. With several voters the last
     * controller standing cannot complete its graceful Raft shutdown (no quorum is left; it waits
     * 5 s for one): once all but one node have stopped, it gets only {@link #LAST_NODE_GRACE},
     * as its data is about to be deleted anyway.
     */
    private static void awaitStops(List<CompletableFuture<Void>> stops) {
        long deadline = System.nanoTime() + SHUTDOWN_TIMEOUT.toNanos();
        try {
            if (stops.size() > 1) {
                CompletableFuture<Void> allButOne = new CompletableFuture<>();
                AtomicInteger done = new AtomicInteger();
                for (CompletableFuture<Void> f : stops) {
                    f.thenRun(() -> {
                        if (done.incrementAndGet() >= stops.size() - 1) {
                            allButOne.complete(null);
                        }
                    });
                }
                allButOne.get(remainingMs(deadline), TimeUnit.MILLISECONDS);
                deadline = Math.min(deadline, System.nanoTime() + LAST_NODE_GRACE.toNanos());
            }
            CompletableFuture.allOf(stops.toArray(CompletableFuture[]::new))
                    .get(remainingMs(deadline), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // Reported by the caller.
        } catch (ExecutionException e) {
            LOG.warn("Broker shutdown failed: {}", e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Deletes the data directory. If the parent JVM is gone (it was killed, so it cannot clean
     * up), the parent's temporary directory holding the data directory is deleted as well.
     */
    /**
     * Whether a process has ended. A killed parent stays a zombie until its own parent reaps it,
     * and {@link ProcessHandle#isAlive()} counts zombies as alive, so on Linux look at its state.
     */
    private static boolean isGone(ProcessHandle process) {
        if (!process.isAlive()) {
            return true;
        }
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(process.pid()), "stat"));
            // "pid (comm) S ...": the state follows the last ')'.
            String afterName = stat.substring(stat.lastIndexOf(')') + 1).trim();
            return afterName.startsWith("Z") || afterName.startsWith("X");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private void deleteDataDir() {
        LocalKafkaCluster.deleteRecursively(dataDir);
        boolean parentGone = parent.map(LocalClusterMain::isGone).orElse(false);
        Path owner = dataDir.toAbsolutePath().getParent();
        if (parentGone && owner != null && owner.getFileName().toString().startsWith(LocalKafkaCluster.TEMP_PREFIX)) {
            LocalKafkaCluster.deleteRecursively(owner);
        }
    }
}
