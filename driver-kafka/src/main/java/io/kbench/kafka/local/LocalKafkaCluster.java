package io.kbench.kafka.local;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import org.apache.kafka.common.utils.AppInfoParser;

import io.kbench.driver.DriverException;

/**
 * A local KRaft Kafka cluster running in a child JVM ({@link LocalClusterMain}), for one run.
 *
 * <p>Everything lives in one temporary directory ({@code kbench-kafka-*}): the brokers' data, the
 * broker log ({@code broker.log}, which receives all of the child's logging so nothing reaches
 * this process's console) and the broker overrides. {@link #close()} stops the child and deletes
 * the directory. With {@link LocalClusterConfig#security()} the client listener is secured and the
 * directory also holds, readable by the owner only, the broker keystore, the client truststore and
 * the credentials the child reads (see {@link LocalClusterSecrets}). There is deliberately no shutdown hook here: on Ctrl-C the owner must still be able
 * to delete its topics through the brokers before they stop. The child watches its stdin, so when
 * this JVM exits for any reason (even killed outright) it stops and deletes the directory itself.
 */
public final class LocalKafkaCluster implements AutoCloseable {

    /** Prefix of the temporary directory. */
    static final String TEMP_PREFIX = "kbench-kafka-";
    /** Name of the child's log file inside the temporary directory. */
    public static final String LOG_FILE = "broker.log";
    private static final String LOG4J2_FILE = "log4j2.properties";

    private static final long READY_TIMEOUT_MS = 90_000;
    private static final long STOP_TIMEOUT_MS = 20_000;
    private static final int LOG_TAIL_LINES = 20;

    private final Process process;
    private final Path tempDir;
    private final String bootstrapServers;
    private final int brokerCount;
    private final String kafkaVersion;
    private final LocalClusterSecurity security;
    private final Map<String, String> clientSettings;
    private final Object closeLock = new Object();
    private boolean closed;

    private LocalKafkaCluster(Process process, Path tempDir, String bootstrapServers, int brokerCount,
                              String kafkaVersion, LocalClusterSecurity security, LocalClusterSecrets secrets) {
        this.process = process;
        this.tempDir = tempDir;
        this.bootstrapServers = bootstrapServers;
        this.brokerCount = brokerCount;
        this.kafkaVersion = kafkaVersion;
        this.security = security;
        this.clientSettings = Collections.unmodifiableMap(secrets == null
                ? new LinkedHashMap<>(Map.of("bootstrap.servers", bootstrapServers))
                : secrets.clientSettings(bootstrapServers));
    }

    /**
     * Starts a local cluster and waits until every broker is registered (at most 90 s).
     *
     * @param config   the cluster configuration; must have no {@link LocalClusterConfig#problems()}
     * @param progress receives one-line progress messages for the console (may be {@code null})
     * @throws DriverException if the configuration is invalid or the cluster did not start; the
     *                         message includes the end of the broker log when the child failed
     */
    public static LocalKafkaCluster start(LocalClusterConfig config, Consumer<String> progress) {
        Objects.requireNonNull(config, "config");
        Consumer<String> say = progress == null ? s -> { } : progress;
        List<String> problems = config.problems();
        if (!problems.isEmpty()) {
            throw new DriverException("localCluster", String.join("; ", problems), null);
        }
        String version = AppInfoParser.getVersion();
        int n = config.brokers();
        LocalClusterSecurity security = config.security();
        say.accept("Starting local Kafka " + version + " (" + brokersText(n)
                + (security == null ? "" : ", " + security.summary()) + ")...");
        long t0 = System.nanoTime();

        Path tempDir;
        try {
            tempDir = Files.createTempDirectory(TEMP_PREFIX);
        } catch (IOException e) {
            throw new DriverException("Cannot start the local Kafka cluster: cannot create a temporary directory ("
                    + e.getMessage() + "); check that java.io.tmpdir (" + System.getProperty("java.io.tmpdir")
                    + ") is writable", e);
        }
        Path log = tempDir.resolve(LOG_FILE);
        Process process = null;
        try {
            Path overrides = tempDir.resolve("broker-overrides.properties");
            writeOverrides(overrides, config.brokerConfig());
            Files.writeString(tempDir.resolve(LOG4J2_FILE), LOG4J2_PROPERTIES, StandardCharsets.UTF_8);
            Files.createFile(log);
            LocalClusterSecrets secrets = security == null ? null : LocalClusterSecrets.create(security, tempDir);
            List<String> command = command(config, tempDir, overrides, secrets);
            ProcessBuilder pb = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectOutput(ProcessBuilder.Redirect.PIPE)
                    .redirectInput(ProcessBuilder.Redirect.PIPE);
            process = pb.start();
            String bootstrap = awaitReady(process, log);
            LocalKafkaCluster cluster = new LocalKafkaCluster(process, tempDir, bootstrap, n, version, security, secrets);
            say.accept(String.format(Locale.ROOT, "Local Kafka ready at %s%s in %.1f s", bootstrap,
                    security == null ? "" : " over " + security.protocol(), (System.nanoTime() - t0) / 1e9));
            return cluster;
        } catch (IOException | RuntimeException e) {
            String tail = process == null ? "" : logTail(log);
            if (process != null) {
                process.destroyForcibly();
                waitQuietly(process, 5_000);
            }
            deleteRecursively(tempDir);
            if (e instanceof DriverException de) {
                throw de;
            }
            throw new DriverException("Cannot start the local Kafka cluster (" + brokersText(n) + "): "
                    + e.getMessage() + tail, e);
        }
    }

    private static List<String> command(LocalClusterConfig config, Path tempDir, Path overrides,
                                        LocalClusterSecrets secrets) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add("-Xmx" + config.heapMb() + "m");
        cmd.add("-Xms64m");
        cmd.add("-XX:+UseG1GC");
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        cmd.add("-Djava.awt.headless=true");
        // All logging goes to stderr, which is appended to broker.log. (slf4j-simple's own logFile
        // option truncates the file and would fight with the stderr redirect over it.)
        cmd.add("-Dorg.slf4j.simpleLogger.logFile=System.err");
        cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        cmd.add("-Dorg.slf4j.simpleLogger.log.io.kbench=info");
        cmd.add("-Dorg.slf4j.simpleLogger.log.kafka=warn");
        cmd.add("-Dorg.slf4j.simpleLogger.log.org.apache.kafka=warn");
        cmd.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        cmd.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd HH:mm:ss.SSS");
        // Kafka's LoggingController (log4j-core is on the classpath) logs through log4j2 directly:
        // give it a configuration writing to stderr at WARN instead of log4j2's default console.
        cmd.add("-Dlog4j2.configurationFile=" + tempDir.resolve(LOG4J2_FILE));
        cmd.add("-Dlog4j2.level=warn");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(LocalClusterMain.class.getName());
        cmd.add("--data-dir");
        cmd.add(tempDir.resolve("data").toString());
        cmd.add("--brokers");
        cmd.add(String.valueOf(config.brokers()));
        cmd.add("--broker-config");
        cmd.add(overrides.toString());
        if (secrets != null) {
            // A file name only: the secrets stay in owner-only files, off the process list.
            cmd.add("--security");
            cmd.add(secrets.settingsFile().toString());
        }
        return cmd;
    }

    /**
     * log4j2 configuration for the child: WARN and above to stderr (that is, broker.log). Without
     * it log4j2 would use its default configuration, a console appender on stdout.
     */
    private static final String LOG4J2_PROPERTIES = String.join("\n",
            "status = warn",
            "dest = err",
            "appender.err.type = Console",
            "appender.err.name = STDERR",
            "appender.err.target = SYSTEM_ERR",
            "appender.err.layout.type = PatternLayout",
            "appender.err.layout.pattern = %d{yyyy-MM-dd HH:mm:ss.SSS} [%t] %p %c - %m%n",
            "rootLogger.level = warn",
            "rootLogger.appenderRef.err.ref = STDERR",
            "");

    private static void writeOverrides(Path file, Map<String, String> brokerConfig) throws IOException {
        Properties p = new Properties();
        brokerConfig.forEach(p::setProperty);
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(w, "kbench localCluster.brokerConfig");
        }
    }

    /** Reads the child's stdout until the READY line; fails if the child exits or 90 s pass. */
    private static String awaitReady(Process process, Path log) throws IOException {
        CompletableFuture<String> ready = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (!ready.isDone() && line.startsWith(LocalClusterMain.READY)) {
                        ready.complete(line.substring(LocalClusterMain.READY.length()).trim());
                    }
                    // Any other line is unexpected; the child routes everything else to stderr.
                }
                // End of output before READY: usually the child is exiting; report its status.
                boolean exited = waitQuietly(process, 3_000);
                ready.completeExceptionally(new IOException(exited
                        ? "the broker JVM exited with status " + process.exitValue() + " before it was ready"
                        : "the broker JVM closed its output before it was ready"));
            } catch (IOException e) {
                ready.completeExceptionally(e);
            }
        }, "kbench-local-kafka-stdout");
        reader.setDaemon(true);
        reader.start();
        process.onExit().thenAccept(p -> ready.completeExceptionally(new IOException(
                "the broker JVM exited with status " + p.exitValue() + " before it was ready")));
        try {
            return ready.get(READY_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException("the brokers were not ready within " + READY_TIMEOUT_MS / 1000
                    + " s (a very slow or overloaded machine?)", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(String.valueOf(cause), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the brokers", e);
        }
    }

    /** The last lines of the broker log, formatted for an error message, or "" if there are none. */
    static String logTail(Path log) {
        Deque<String> tail = new ArrayDeque<>();
        try (BufferedReader r = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                String t = line.trim();
                if (t.isEmpty() || t.startsWith("at ") || (t.startsWith("... ") && t.endsWith(" more"))) {
                    continue; // stack frames: the exception lines above them say what happened
                }
                tail.addLast(line);
                if (tail.size() > LOG_TAIL_LINES) {
                    tail.removeFirst();
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
        if (tail.isEmpty()) {
            return " (the broker log is empty)";
        }
        return ". Last lines of the broker log:\n  " + String.join("\n  ", tail);
    }

    /** {@code host:port,...} of the brokers' client listeners (PLAINTEXT, or the secured one). */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /**
     * What a client needs to connect, besides credentials: {@code bootstrap.servers} and, when the
     * listener is secured, {@code security.protocol} and for TLS {@code ssl.truststore.location},
     * {@code ssl.truststore.type} (PKCS12) and {@code ssl.truststore.password}. The certificate is
     * valid for 127.0.0.1 and localhost, so hostname verification can stay on. Unmodifiable; the
     * truststore is deleted by {@link #close()}. SASL clients add {@code sasl.mechanism} and
     * {@code sasl.jaas.config} themselves.
     */
    public Map<String, String> clientSettings() {
        return clientSettings;
    }

    /** The security of the client listener, or {@code null} for PLAINTEXT. */
    public LocalClusterSecurity security() {
        return security;
    }

    public int brokerCount() {
        return brokerCount;
    }

    /** The Kafka version of the brokers (the one on the classpath). */
    public String kafkaVersion() {
        return kafkaVersion;
    }

    /**
     * E.g. "local Kafka 4.3.1, 1 broker at 127.0.0.1:40123 (data in /tmp/kbench-kafka-123, deleted at exit)",
     * or with security "local Kafka 4.3.1, 1 broker at 127.0.0.1:40123 over SASL_SSL (PLAIN, SCRAM-SHA-512)
     * (data in ...)".
     */
    public String description() {
        return "local Kafka " + kafkaVersion + ", " + brokersText(brokerCount) + " at " + bootstrapServers
                + (security == null ? "" : " over " + security.summary())
                + " (data in " + tempDir + ", deleted at exit)";
    }

    /** The temporary directory holding data and log; gone after {@link #close()}. */
    public Path directory() {
        return tempDir;
    }

    /** The broker log file (inside {@link #directory()}); readable until {@link #close()}. */
    public Path logFile() {
        return tempDir.resolve(LOG_FILE);
    }

    /** Process id of the child JVM. */
    public long childPid() {
        return process.pid();
    }

    /** Whether the child JVM is still running. */
    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public String toString() {
        return description();
    }

    /**
     * Stops the brokers (closing the child's stdin asks it to shut down; after 20 s it is killed)
     * and deletes the temporary directory. Idempotent.
     */
    @Override
    public void close() {
        synchronized (closeLock) {
            if (closed) {
                return;
            }
            closed = true;
            try {
                OutputStream stdin = process.getOutputStream();
                stdin.close();
            } catch (IOException ignored) {
                // The child is gone already.
            }
            if (!waitQuietly(process, STOP_TIMEOUT_MS)) {
                process.destroyForcibly();
                waitQuietly(process, 5_000);
            }
            deleteRecursively(tempDir);
        }
    }

    private static boolean waitQuietly(Process process, long millis) {
        try {
            return process.waitFor(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    private static String brokersText(int n) {
        return n == 1 ? "1 broker" : n + " brokers";
    }

    /** Deletes a directory tree, ignoring files that vanish meanwhile; best effort. */
    static void deleteRecursively(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    try {
                        Files.deleteIfExists(dir);
                    } catch (DirectoryNotEmptyException e) {
                        // Something is still writing into it; leave it.
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException ignored) {
            // Deleted concurrently.
        } catch (IOException ignored) {
            // Best effort: a leftover temp dir is not worth failing a run for.
        }
    }
}
