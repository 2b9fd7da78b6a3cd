package io.kbench.kafka.local;

import io.kbench.driver.BrokerActivity;
import io.kbench.driver.DriverException;
import io.kbench.driver.Fault;
import io.kbench.kafka.cluster.LocalCluster;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.cluster.LocalClusterSecurity;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.AppInfoParser;

/**
 * A local KRaft Kafka cluster for one run: one JVM per combined broker+controller node
 * ({@link LocalNodeMain}), all on 127.0.0.1, and faults and operations applied to it for real.
 *
 * <p>Everything lives in one temporary directory ({@code kbench-kafka-*}): the nodes' data, the
 * broker log ({@code broker.log}, which receives all of the nodes' logging, each line naming its
 * node, plus the cluster's own start and fault lines, so nothing reaches this process's console)
 * and the node configurations. {@link #close()} stops the nodes and deletes the directory. With
 * {@link LocalClusterConfig#security()} the client listener is secured and the directory also
 * holds, readable by the owner only, the broker keystore, the client truststore and the
 * credentials the nodes read (see {@link LocalClusterSecrets}). There is deliberately no shutdown
 * hook here: on Ctrl-C the owner must still be able to delete its topics through the brokers
 * before they stop. Each node watches its stdin, so when this JVM exits for any reason (even
 * killed outright) the nodes stop and the last of them deletes the directory.
 *
 * <h2>Faults</h2>
 * Brokers are addressed by a 0-based index (node id = index + 1). All fault methods are
 * thread-safe, fail with a {@link DriverException} that says what is allowed, and write a
 * timestamped line to the broker log. Pausing needs Linux (or another Unix): it sends SIGSTOP and
 * SIGCONT with the shell's {@code kill}.
 * <ul>
 *   <li>{@link #killBroker}: SIGKILL to the node's JVM (its data stays);</li>
 *   <li>{@link #restartBroker}: the killed node again, same data, same ports; blocks until it is registered;</li>
 *   <li>{@link #pauseBroker}: SIGSTOP now, SIGCONT after the duration, without blocking;</li>
 *   <li>{@link #freezeNetwork}: the clients' traffic to every broker stops for a while, connections
 *       stay open; needs {@link LocalClusterConfig#faultProxy()}.</li>
 *   <li>{@link #delayNetwork}: every byte between the clients and every broker is held for a fixed
 *       delay in each direction for a while; needs the proxy too. {@link LocalClusterConfig#networkDelay()}
 *       sets such a delay for the cluster's whole life.</li>
 * </ul>
 *
 * <h2>Operations on the brokers</h2>
 * As an operator would run them under load. These name a broker by its Kafka broker id (its node id), not by
 * its index; they are thread-safe, one at a time (a second waits for the first), and write timestamped lines to
 * the broker log too.
 * <ul>
 *   <li>{@link #restartBrokerGracefully}: SIGTERM (a controlled shutdown: the broker hands its leaderships over),
 *       then the node again on its data and ports, as {@link #restartBroker}; blocks until it is registered;</li>
 *   <li>{@link #addBroker}: one more node, broker only (not a controller), with the next node id, its own data and
 *       ports and the same broker settings; blocks until it is registered and unfenced. From then on it is one of
 *       the brokers: its index (node id - 1) works with the faults, and {@link #close()} stops and deletes it;</li>
 *   <li>{@link #removeBroker}: a broker added so, stopped with a controlled shutdown and unregistered; the original
 *       nodes are the controller quorum's voters and cannot be removed. A removed broker's index and id are never
 *       used again.</li>
 * </ul>
 */
public final class LocalKafkaCluster implements LocalCluster {

    /** Prefix of the temporary directory. */
    static final String TEMP_PREFIX = "kbench-kafka-";

    /** This JVM's clusters' directories start so: the owner's pid tells whose a leftover directory is. */
    static String ownTempPrefix() {
        return TEMP_PREFIX + ProcessHandle.current().pid() + "-";
    }
    /** Name of the broker log inside the temporary directory. */
    public static final String LOG_FILE = "broker.log";

    private static final long READY_TIMEOUT_MS = 90_000;

    private final Path tempDir;
    private final ClusterLayout layout;
    private final String kafkaVersion;
    private final boolean shareGroups;
    private final LocalClusterSecurity security;
    private final Map<String, String> clientSettings;
    private final Duration networkDelay;
    private final FaultLog faultLog;
    private final ClusterNodes nodes;
    private final BrokerOperations operations;
    /** Whether the brokers keep old segments in a remote tier ({@link LocalClusterConfig#tieredStorage()}). */
    private final boolean tiered;
    /** Guards {@link #admin} and {@link #closed}. */
    private final Object adminLock = new Object();
    /** kbench's admin client for {@link #leaderOf}, created on first use. */
    private ClusterAdmin admin;
    private boolean closed;

    private LocalKafkaCluster(Path tempDir, ClusterLayout layout, int heapMbPerNode, List<String> features, String kafkaVersion,
                              LocalClusterSecurity security, LocalClusterSecrets secrets, Duration networkDelay) {
        this.tempDir = tempDir;
        this.networkDelay = networkDelay;
        this.layout = layout;
        this.kafkaVersion = kafkaVersion;
        this.shareGroups = features.contains(LocalClusterConfig.SHARE_GROUPS_ON);
        this.tiered = "true".equals(layout.node(0).properties().get("remote.log.storage.system.enable"));
        this.security = security;
        this.clientSettings = Collections.unmodifiableMap(secrets == null
                ? new LinkedHashMap<>(Map.of("bootstrap.servers", layout.bootstrapServers()))
                : secrets.clientSettings(layout.bootstrapServers()));
        this.faultLog = new FaultLog(tempDir.resolve(LOG_FILE));
        String clusterId = Uuid.randomUuid().toString();
        Path securityFile = secrets == null ? null : secrets.settingsFile();
        this.nodes = new ClusterNodes(layout,
                node -> NodeJvm.command(node, heapMbPerNode, tempDir, clusterId, securityFile, features, networkDelay),
                tempDir.resolve(LOG_FILE), faultLog);
        this.operations = new BrokerOperations(nodes, faultLog, tempDir.resolve(LOG_FILE), () -> admin("remove a broker"),
                READY_TIMEOUT_MS);
    }

    /**
     * Starts a local cluster, its nodes in parallel, and waits until every broker is registered
     * (at most 90 s).
     *
     * @param config   the cluster configuration; must have no {@link LocalClusterConfig#problems()}
     * @param progress receives one-line progress messages for the console (may be {@code null})
     * @throws DriverException if the configuration is invalid or the cluster did not start; the
     *                         message includes the end of the broker log when a node failed
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
        boolean proxy = config.needsProxy();
        say.accept("Starting local Kafka " + version + " (" + brokersText(n)
                + (security == null ? "" : ", " + security.summary()) + (proxy ? ", fault proxy" : "")
                + (config.shareGroups() ? "" : ", without share groups") + delayText(config.networkDelay())
                + (config.tieredStorage() ? ", tiered storage" : "") + ")...");
        long t0 = System.nanoTime();

        Path tempDir;
        try {
            tempDir = config.dataDir() == null ? Files.createTempDirectory(ownTempPrefix())
                    : Files.createTempDirectory(Path.of(config.dataDir()), ownTempPrefix());
        } catch (IOException e) {
            throw new DriverException("Cannot start the local Kafka cluster: cannot create a temporary directory ("
                    + e.getMessage() + "); check that " + (config.dataDir() != null ? "localCluster.dataDir (" + config.dataDir()
                    : "java.io.tmpdir (" + System.getProperty("java.io.tmpdir"))
                    + ") is writable", e);
        }
        Path log = tempDir.resolve(LOG_FILE);
        LocalKafkaCluster cluster = null;
        try {
            Files.createFile(log);
            NodeLogging.writeConfig(tempDir);
            LocalClusterSecrets secrets = security == null ? null : LocalClusterSecrets.create(security, tempDir);
            List<Integer> ports = FreePorts.allocate(ClusterLayout.portsPerNode(security != null, proxy) * n);
            Path dataDir = Files.createDirectories(tempDir.resolve("data"));
            Map<String, String> brokerConfig = !config.tieredStorage() ? withPartitionLimit(config) : TieredStorage.withOverrides(
                    TieredStorage.brokerDefaults(tempDir.resolve(TieredStorage.DIRECTORY), security != null || proxy
                            ? ClusterLayout.INTERNAL_LISTENER : ClusterLayout.PLAINTEXT_LISTENER, n), withPartitionLimit(config));
            ClusterLayout layout = ClusterLayout.compute(n, ports, secrets == null ? null : secrets.nodeSettings(),
                    brokerConfig, dataDir, proxy).withRacks(config.racks());
            for (NodeLayout node : layout.nodes()) {
                writeNodeConfig(node);
            }
            cluster = new LocalKafkaCluster(tempDir, layout, config.heapMbPerNode(), config.formatFeatures(), version, security, secrets,
                    config.networkDelay());
            cluster.nodes.startAll(READY_TIMEOUT_MS);
            String ready = String.format(Locale.ROOT, "Local Kafka ready at %s%s in %.1f s", layout.bootstrapServers(),
                    security == null ? "" : " over " + security.protocol(), (System.nanoTime() - t0) / 1e9);
            cluster.faultLog.info(ready + " (" + brokersText(n) + ", one JVM each, pids " + cluster.nodes.pids() + ")");
            say.accept(ready);
            return cluster;
        } catch (IOException | RuntimeException e) {
            String tail = cluster == null ? "" : LocalFiles.logTail(log);
            if (cluster != null) {
                cluster.nodes.killAll();
            }
            LocalFiles.deleteRecursively(tempDir);
            if (e instanceof DriverException de) {
                throw de;
            }
            throw new DriverException("Cannot start the local Kafka cluster (" + brokersText(n) + "): "
                    + e.getMessage() + tail, e);
        }
    }

    /** The user's broker properties (after the replica selector racks may ask for), with the creation policy that enforces {@code partitionLimit} when it is given. */
    static Map<String, String> withPartitionLimit(LocalClusterConfig config) {
        Map<String, String> p = new LinkedHashMap<>(config.rackBrokerConfig());
        p.putAll(config.brokerConfig());
        if (config.partitionLimit() == null) {
            return p;
        }
        p.put("create.topic.policy.class.name", PartitionLimitPolicy.class.getName());
        p.put(PartitionLimitPolicy.LIMIT, config.partitionLimit().toString());
        return p;
    }

    /**
     * Owner-only: with security the file holds the keystore password and PLAIN users. Stored as
     * ISO-8859-1 with escapes, the encoding both Properties readers agree on.
     */
    static void writeNodeConfig(NodeLayout node) throws IOException {
        LocalClusterSecrets.createOwnerOnly(node.configFile());
        try (OutputStream out = Files.newOutputStream(node.configFile(), StandardOpenOption.TRUNCATE_EXISTING)) {
            node.toProperties().store(out, "kbench local Kafka node " + node.nodeId());
        }
    }

    // ---- what clients need

    /**
     * {@code host:port,...} of the brokers' client listeners (PLAINTEXT, or the secured one; the proxies' if any), with
     * the brokers added since the start and without those removed. ({@link #clientSettings()} keeps the start's.)
     */
    public String bootstrapServers() {
        return String.join(",", nodes.indexes().stream().map(i -> nodes.layout(i).clientAddress()).toList());
    }

    /**
     * What a client needs to connect, besides credentials: {@code bootstrap.servers} and, when the
     * listener is secured, {@code security.protocol} and for TLS {@code ssl.truststore.location},
     * {@code ssl.truststore.type} (PKCS12) and {@code ssl.truststore.password}. The certificate is
     * valid for 127.0.0.1 and localhost, so hostname verification can stay on. Unmodifiable; the
     * truststore is deleted by {@link #close()}. SASL clients add {@code sasl.mechanism} and
     * {@code sasl.jaas.config} themselves.
     */
    @Override
    public Map<String, String> clientSettings() {
        return clientSettings;
    }

    /** The security of the client listener, or {@code null} for PLAINTEXT. */
    public LocalClusterSecurity security() {
        return security;
    }

    /** How many brokers the cluster has, running or not: those it started with, and those added and not removed since. */
    public int brokerCount() {
        return nodes.indexes().size();
    }

    /** Whether a fault proxy sits in front of each broker ({@link LocalClusterConfig#faultProxy()}). */
    public boolean hasFaultProxy() {
        return layout.node(0).hasProxy();
    }

    /** {@code host:port} clients use for broker {@code index} (0-based): the proxy's when there is one. */
    @Override
    public String brokerAddress(int index) {
        checkIndex(index);
        return nodes.layout(index).clientAddress();
    }

    /** The Kafka version of the brokers (the one on the classpath). */
    public String kafkaVersion() {
        return kafkaVersion;
    }

    /**
     * E.g. "local Kafka 4.3.1, 1 broker at 127.0.0.1:40123 (data in /tmp/kbench-kafka-123, deleted at exit)",
     * or with security and proxies "local Kafka 4.3.1, 1 broker at 127.0.0.1:40123 over SASL_SSL (PLAIN,
     * SCRAM-SHA-512) through fault proxies (data in ...)".
     */
    @Override
    public String description() {
        List<Integer> added = operations.addedIds();
        return "local Kafka " + kafkaVersion + ", " + brokersText(brokerCount()) + (added.isEmpty() ? ""
                : " (" + (added.size() == 1 ? "broker " : "brokers ") + joined(added) + " added, broker only)")
                + " at " + bootstrapServers()
                + (security == null ? "" : " over " + security.summary())
                + (hasFaultProxy() ? " through fault proxies" : "") + delayText(networkDelay)
                + (shareGroups ? "" : ", share groups switched off")
                + (tiered ? ", tiered storage in " + tempDir.resolve(TieredStorage.DIRECTORY) : "")
                + " (data in " + tempDir + ", deleted at exit)";
    }

    /**
     * With tiered storage, the brokers' remote tier counters, summed over the running brokers: bytes read from the
     * tier to answer fetches ({@code remoteFetchBytes}) and copied to it ({@code remoteCopyBytes}), since each broker
     * started; and {@code remoteStorage} 1. Empty without tiered storage. A paused broker is left out.
     */
    @Override
    public Map<String, Double> metrics() {
        if (!tiered) {
            return Map.of();
        }
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("remoteStorage", 1.0);
        out.put("remoteFetchBytes", 0.0);
        out.put("remoteCopyBytes", 0.0);
        nodes.metrics().forEach((k, v) -> out.put(k, v.doubleValue()));
        return out;
    }

    /** Whether the brokers keep old segments in a remote tier. */
    public boolean tieredStorage() {
        return tiered;
    }

    /** The remote tier's directory (with {@link #tieredStorage()}); gone after {@link #close()}. */
    public Path remoteTierDirectory() {
        return tempDir.resolve(TieredStorage.DIRECTORY);
    }

    /** The brokers' request metrics since they started, combined over the running brokers ({@link BrokerMetrics}). */
    @Override
    public Map<String, Double> brokerMetrics() {
        return nodes.brokerMetrics();
    }

    /**
     * What each running broker did since its JVM started: its GC pauses and its log segment deletions, as it watches
     * them itself ({@link NodeActivity}). A paused broker is left out.
     */
    @Override
    public Optional<List<BrokerActivity>> brokerActivity() {
        return Optional.of(nodes.activity());
    }

    /** The temporary directory holding data and log; gone after {@link #close()}. */
    public Path directory() {
        return tempDir;
    }

    /** The broker log file (inside {@link #directory()}); readable until {@link #close()}. */
    public Path logFile() {
        return tempDir.resolve(LOG_FILE);
    }

    /** Process id of broker {@code index}'s JVM (the current one, after a restart). */
    public long brokerPid(int index) {
        checkIndex(index);
        return nodes.pid(index);
    }

    /** Whether broker {@code index}'s JVM runs; a paused broker runs (it resumes with its state). */
    public boolean isBrokerAlive(int index) {
        checkIndex(index);
        return nodes.isAlive(index);
    }

    /** Whether broker {@code index} is paused now by {@link #pauseBroker}. */
    public boolean isBrokerPaused(int index) {
        checkIndex(index);
        return nodes.isPaused(index);
    }

    /** Whether at least one broker's JVM runs (false once every broker is killed or the cluster closed). */
    public boolean isAlive() {
        return nodes.anyAlive();
    }

    @Override
    public String toString() {
        return description();
    }

    // ---- faults

    /**
     * Kills broker {@code index}'s JVM with SIGKILL (as {@code kill -9}): no shutdown, connections
     * reset, its data stays for {@link #restartBroker}. Blocks until the process is gone (at most 10 s).
     *
     * @throws DriverException if the index is out of range, the broker is not running, or the cluster is closed
     */
    @Override
    public void killBroker(int index) {
        checkIndex(index);
        nodes.kill(index);
    }

    /**
     * Starts killed broker {@code index} again with its data, on the same ports (clients know those
     * addresses), and blocks until it is registered and unfenced again (at most 90 s).
     *
     * @throws DriverException if the index is out of range, the broker is running (only a killed
     *                         broker can be restarted), the cluster is closed, or it did not come
     *                         back in time (with the end of the broker log)
     */
    @Override
    public void restartBroker(int index) {
        checkIndex(index);
        nodes.restart(index, READY_TIMEOUT_MS);
    }

    /**
     * Pauses broker {@code index}'s JVM (SIGSTOP) now and resumes it (SIGCONT) after
     * {@code duration}; returns at once. Everything in that JVM stops, including its fault proxy:
     * its connections stay open but nothing answers. The resume is sent by a small helper process,
     * so it happens even if this JVM dies meanwhile. {@link #close()} and {@link #killBroker} end
     * a pause early. Linux (or another Unix) only.
     *
     * @throws DriverException if the index is out of range, the duration is not positive, the
     *                         broker is not running or already paused, or the cluster is closed
     */
    @Override
    public void pauseBroker(int index, Duration duration) {
        checkIndex(index);
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative() || duration.isZero()) {
            throw new DriverException("a pause must last a positive duration (got " + duration.toMillis() + " ms)");
        }
        nodes.pause(index, duration);
    }

    /**
     * Stops the clients' traffic to every broker for {@code duration}: the fault proxies forward no
     * byte in either direction, accept nothing new, close nothing; then traffic flows again by
     * itself. Replication and the controllers are not affected, and neither is a killed broker
     * (nothing to freeze) — a paused one freezes for what is left when it resumes.
     *
     * <p>Returns once every running broker's proxy has stopped (so whatever a client sends after
     * this call waits for the thaw); does not wait for the thaw.
     *
     * @throws DriverException if the cluster was started without {@link LocalClusterConfig#faultProxy()},
     *                         the duration is not positive, a proxy did not confirm, or the cluster is closed
     */
    @Override
    public void freezeNetwork(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        if (!hasFaultProxy()) {
            throw new DriverException("localCluster", "a network freeze needs the fault proxy, and this local cluster "
                    + "was started without it: set localCluster.faultProxy: true in the driver file "
                    + "(LocalClusterConfig.withFaultProxy(true))", null);
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new DriverException("a network freeze must last a positive duration (got " + duration.toMillis() + " ms)");
        }
        nodes.freeze(duration);
    }

    /**
     * Holds every byte between the clients and every broker for {@code delay} in each direction, for
     * {@code duration} from now; then the cluster's own delay ({@link LocalClusterConfig#networkDelay()},
     * usually none) holds again. Bytes already on their way keep their time and none overtakes
     * another, so the clients see a slow link, not reordering. Replication and the controllers are
     * not delayed. A broker restarted meanwhile is delayed for what is left.
     *
     * <p>Returns once every running broker's proxy has taken the new delay; does not wait for its end.
     *
     * @throws DriverException if the cluster has no fault proxy, the delay is not from
     *                         {@link Fault#MIN_NETWORK_DELAY} to {@link Fault#MAX_NETWORK_DELAY}, the
     *                         duration is not positive, a proxy did not confirm, or the cluster is closed
     */
    @Override
    public void delayNetwork(Duration delay, Duration duration) {
        delayNetwork(delay, delay, duration);
    }

    /**
     * As {@link #delayNetwork(Duration, Duration)}, the delay going linearly from {@code delay} to {@code toDelay} over
     * {@code duration} (both in the same range): a link that slows down, or recovers, over a run. A broker restarted
     * meanwhile joins the ramp where it is.
     */
    @Override
    public void delayNetwork(Duration delay, Duration toDelay, Duration duration) {
        Objects.requireNonNull(toDelay, "toDelay");
        Objects.requireNonNull(delay, "delay");
        Objects.requireNonNull(duration, "duration");
        if (!hasFaultProxy()) {
            throw new DriverException("localCluster", "a network delay needs the fault proxy, and this local cluster "
                    + "was started without it: set localCluster.faultProxy: true in the driver file "
                    + "(LocalClusterConfig.withFaultProxy(true))", null);
        }
        for (Duration d : new Duration[] {delay, toDelay}) {
            if (!Fault.isAllowedDelay(d)) {
                throw new DriverException("a network delay must be from " + Fault.MIN_NETWORK_DELAY.toMillis() + " ms to "
                        + Fault.MAX_NETWORK_DELAY.toMillis() + " ms each way (got " + d.toMillis() + " ms)");
            }
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new DriverException("a network delay must last a positive duration (got " + duration.toMillis() + " ms)");
        }
        nodes.delay(delay, toDelay, duration);
    }

    /** The delay every byte gets each way for the cluster's whole life ({@link LocalClusterConfig#networkDelay()}). */
    public Duration networkDelay() {
        return networkDelay;
    }

    /**
     * The index of the broker that leads {@code topic}-{@code partition} now, from the brokers'
     * metadata (through kbench's own admin client, which bypasses the fault proxies). After a kill
     * the dead broker stays leader until the controller fences it (broker.session.timeout.ms).
     *
     * @throws DriverException if the topic or partition does not exist, it has no leader, no broker
     *                         answers, or the cluster is closed
     */
    @Override
    public int leaderOf(String topic, int partition) {
        Objects.requireNonNull(topic, "topic");
        return admin("find a partition leader").leaderNodeId(topic, partition) - 1;
    }

    /** kbench's own admin client, created on first use; {@code what} is for the error once the cluster is closed. */
    private ClusterAdmin admin(String what) {
        synchronized (adminLock) {
            if (closed) {
                throw new DriverException("cannot " + what + ": the local cluster is closed");
            }
            if (admin == null) {
                // The original nodes' listeners: they are never removed.
                admin = new ClusterAdmin(layout.adminBootstrapServers());
            }
            return admin;
        }
    }

    // ---- operations on the brokers

    /**
     * Restarts broker {@code brokerId} (its Kafka broker id, not an index) as for a rolling upgrade: SIGTERM to its
     * JVM, so that Kafka runs its controlled shutdown (the controller moves the broker's leaderships to other in-sync
     * replicas) and the node stops; waits for the JVM to end, at most 60 s, else kills it (SIGKILL, and says so); then
     * starts it again on its data and on the same ports, as {@link #restartBroker} does after a kill, and returns once
     * it is registered and unfenced again (at most 90 s).
     *
     * <p>Every original node is a controller too. With 3 or more the quorum keeps its majority while one restarts.
     * With 1 the whole cluster is down until the node is back; with 2 the quorum has no majority meanwhile, so nothing
     * in the metadata can change (no topic created, no leader moved). Both are allowed: the caller asked for it.
     *
     * @return e.g. "restarted broker 2 (127.0.0.1:40123): controlled shutdown 1.8 s, started and registered again in 2.3 s"
     * @throws DriverException if there is no such broker, it is not running or paused, it did not come back in time
     *                         (with the end of the broker log), or the cluster is closed
     */
    @Override
    public String restartBrokerGracefully(int brokerId) {
        return operations.restartGracefully(brokerId);
    }

    /**
     * Starts one more broker: a broker-only node (not a controller, so the quorum stays as it is) with the next node
     * id, never used in this cluster before; its own data directory and ports in {@link #directory()}; the same
     * listeners, security, broker config and fault proxy as the others; formatted with the cluster's id. Blocks until
     * it is registered and unfenced (at most 90 s). It holds no partition until some are moved onto it. From then on
     * it counts in {@link #brokerCount()}, {@link #description()} and the faults (its index is its id - 1), and
     * {@link #close()} stops it and deletes its data.
     *
     * @return its broker id
     * @throws DriverException if it did not start in time (with the end of the broker log; it is then not counted),
     *                         or the cluster is closed
     */
    @Override
    public int addBroker() {
        return operations.add();
    }

    /**
     * Removes broker {@code brokerId} for good: a controlled shutdown as in {@link #restartBrokerGracefully} (none if
     * it is not running), then its registration is removed from the cluster's metadata (Admin unregisterBroker,
     * through kbench's own admin client) and its data deleted. Only a broker added by {@link #addBroker()} can be
     * removed; its partitions must have been moved off it first (not checked here).
     *
     * @return e.g. "removed broker 4 (127.0.0.1:40123): controlled shutdown 1.1 s, unregistered from the cluster's metadata"
     * @throws DriverException if there is no such broker, it is one of the original nodes (a voter of the controller
     *                         quorum), the controller refused, or the cluster is closed
     */
    @Override
    public String removeBroker(int brokerId) {
        return operations.remove(brokerId);
    }

    // ---- helpers

    private void checkIndex(int index) {
        List<Integer> indexes = nodes.indexes();
        if (!indexes.contains(index)) {
            boolean contiguous = indexes.get(indexes.size() - 1) == indexes.size() - 1;
            boolean removed = index >= 0 && index < nodes.slots();
            throw new DriverException("broker index " + index + (removed ? " was removed" : " is out of range")
                    + ": this cluster has " + brokersText(indexes.size()) + ", indexes "
                    + (contiguous ? "0 to " + (indexes.size() - 1) : joined(indexes)));
        }
    }

    /** "1, 2, 4". */
    private static String joined(List<Integer> numbers) {
        return String.join(", ", numbers.stream().map(String::valueOf).toList());
    }

    private static String delayText(Duration delay) {
        return delay.isZero() ? "" : String.format(Locale.ROOT, ", %s ms network delay each way",
                delay.toNanos() % 1_000_000 == 0 ? Long.toString(delay.toMillis()) : String.format(Locale.ROOT, "%.3f", delay.toNanos() / 1e6));
    }

    private static String brokersText(int n) {
        return n == 1 ? "1 broker" : n + " brokers";
    }

    // ---- stopping

    /**
     * Ends the brokers' JVMs at once (their data goes with the directory, so no controlled shutdown)
     * and deletes the temporary directory. Idempotent.
     */
    @Override
    public void close() {
        ClusterAdmin a;
        synchronized (adminLock) {
            if (closed) {
                return;
            }
            closed = true;
            a = admin;
            admin = null;
        }
        if (a != null) {
            a.close();
        }
        nodes.close();
        LocalFiles.deleteRecursively(tempDir);
    }
}
