package io.kbench.kafka.cluster;

import io.kbench.driver.Fault;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code localCluster} section of a Kafka driver file: a KRaft cluster started on this
 * machine, one JVM per node, for the duration of one run.
 *
 * <p>Bound from YAML by component name; a {@code null} component means "not given" and gets its
 * default here. The record never throws on bad values: {@link #problems()} lists them so the
 * caller can report every problem at once.
 *
 * @param brokers      number of combined broker+controller nodes, 1 to 5 (default 1; use 3 for
 *                     replication factor 3 / {@code min.insync.replicas=2} workloads)
 * @param brokerConfig extra broker properties applied to every node, overriding the tool's
 *                     defaults (never null; unmodifiable)
 * @param heapMb       maximum heap of all node JVMs together in MiB, split evenly between them
 *                     (default 256 + 256 per broker)
 * @param security     a secured client listener (SASL_SSL, SASL_PLAINTEXT or SSL), or {@code null} for
 *                     the plain PLAINTEXT listener
 * @param faultProxy   put a TCP proxy in front of each broker's client listener, so
 *                     {@link LocalCluster#freezeNetwork} can stall the clients' traffic (default
 *                     false). Off by default because the proxy copies every byte: on a small machine
 *                     that CPU and latency would distort an ordinary benchmark. The proxies run in
 *                     the brokers' JVMs, not in the client's.
 * @param shareGroups  format the cluster with share groups switched on ({@code share.version=1}), so that
 *                     share consumers (KIP-932) work (default true). False formats it with
 *                     {@code share.version=0}: a cluster of this release that has them switched off.
 *                     The consumer group protocol ({@code group.version=1}) is on either way.
 * @param networkDelay how long the fault proxy holds every byte between the clients and the brokers, in each
 *                     direction, for the whole run: a slow link (default none; 1ms to 5s). Turns the proxy on.
 * @param partitionLimit the most partitions the cluster holds, before replication and internal topics left out, as a
 *                     managed service limits them (a Confluent CKU: 4,500): a topic creation that would go beyond is
 *                     refused with a PolicyViolationException naming the limit (default none; at least 1). Kafka asks
 *                     its creation policy about new topics only, so adding partitions to a topic is not checked.
 * @param dataDir      the directory under which the cluster's temporary directory (its data and log) is made (default:
 *                     the system's temporary directory); a memory-backed one ({@code /dev/shm}) spares a cluster of many
 *                     partitions the disk's syncs when it creates them
 * @param tieredStorage turn on Kafka's remote log storage (KIP-405) with Kafka's {@code LocalTieredStorage}, a remote
 *                     tier in a directory of the cluster's, and the topic-based remote log metadata manager; the run's
 *                     topics get remote storage with small segments and a small local retention
 *                     ({@link #TIERED_TOPIC_CONFIG}), so that closed segments go to the remote tier and leave the
 *                     local disk within seconds and reads of them come from the remote tier (default false)
 * @param racks        each broker's zone ({@code broker.rack}), in node order, one per broker, e.g. {@code [az1, az2, az3]};
 *                     Kafka then spreads each partition's replicas over the zones (default: none, never empty)
 * @param fetchFromClosestReplica let consumers fetch from the replica in their own zone ({@code client.rack}) rather
 *                     than from the leader: sets {@code replica.selector.class} to Kafka's {@link #RACK_AWARE_SELECTOR}
 *                     (default false). Needs {@link #racks()}
 */
public record LocalClusterConfig(Integer brokers, Map<String, String> brokerConfig, Integer heapMb,
                                 LocalClusterSecurity security, Boolean faultProxy, Boolean shareGroups,
                                 Duration networkDelay, Integer partitionLimit, String dataDir, Boolean tieredStorage,
                                 List<String> racks, Boolean fetchFromClosestReplica) {

    /** Kafka's replica selector that serves a consumer from the replica in its rack ({@code client.rack}). */
    public static final String RACK_AWARE_SELECTOR = "org.apache.kafka.common.replica.RackAwareReplicaSelector";

    /**
     * The topic settings a cluster with {@link #tieredStorage()} gives the run's topics, unless the driver file's
     * topicConfig sets them: remote storage on, 1 MiB segments (Kafka's smallest), and 1 s of local retention once a
     * segment is in the remote tier.
     */
    public static final Map<String, String> TIERED_TOPIC_CONFIG = Map.of(
            "remote.storage.enable", "true",
            "segment.bytes", "1048576",
            "local.retention.ms", "1000");

    /** The format feature that switches share groups on, and the one that keeps the consumer group protocol. */
    public static final String SHARE_GROUPS_ON = "share.version=1";
    public static final String SHARE_GROUPS_OFF = "share.version=0";
    public static final String CONSUMER_PROTOCOL_ON = "group.version=1";

    /** Allowed range of {@link #brokers()}. */
    public static final int MIN_BROKERS = 1;
    public static final int MAX_BROKERS = 5;

    /** Smallest heap accepted, in MiB. */
    public static final int MIN_HEAP_MB = 128;

    /** Broker properties the local cluster sets itself; overriding them would break it. */
    public static final Set<String> RESERVED_KEYS = Set.of(
            "node.id",
            "broker.id",
            "process.roles",
            "listeners",
            "advertised.listeners",
            "controller.quorum.voters",
            "controller.quorum.bootstrap.servers",
            "controller.listener.names",
            "listener.security.protocol.map",
            "inter.broker.listener.name",
            "log.dirs",
            "log.dir",
            "metadata.log.dir");

    /**
     * Prefix of broker properties the local cluster sets itself when {@link #security()} is given:
     * per-listener settings (keystore, JAAS, SASL mechanisms). Unprefixed {@code ssl.*} and
     * {@code sasl.*} settings (e.g. {@code ssl.enabled.protocols}) still apply to the secured listener.
     */
    public static final String RESERVED_PREFIX_WITH_SECURITY = "listener.name.";

    public LocalClusterConfig {
        if (brokers == null) {
            brokers = 1;
        }
        brokerConfig = brokerConfig == null
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(brokerConfig));
        if (heapMb == null) {
            heapMb = defaultHeapMb(brokers);
        }
        if (faultProxy == null) {
            faultProxy = false;
        }
        if (shareGroups == null) {
            shareGroups = true;
        }
        if (networkDelay == null) {
            networkDelay = Duration.ZERO;
        }
        if (tieredStorage == null) {
            tieredStorage = false;
        }
        racks = racks == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(racks));
        if (fetchFromClosestReplica == null) {
            fetchFromClosestReplica = false;
        }
    }

    /** Without racks (as before they existed). */
    public LocalClusterConfig(Integer brokers, Map<String, String> brokerConfig, Integer heapMb, LocalClusterSecurity security,
                              Boolean faultProxy, Boolean shareGroups, Duration networkDelay, Integer partitionLimit, String dataDir,
                              Boolean tieredStorage) {
        this(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, networkDelay, partitionLimit, dataDir, tieredStorage,
                null, null);
    }

    /** The same configuration with these brokers' racks, and fetching from the closest replica or not. */
    public LocalClusterConfig withRacks(List<String> racks, boolean fetchFromClosestReplica) {
        return new LocalClusterConfig(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, networkDelay, partitionLimit, dataDir,
                tieredStorage, racks, fetchFromClosestReplica);
    }

    /** The broker properties racks add to every node: the replica selector, when asked for. */
    public Map<String, String> rackBrokerConfig() {
        return fetchFromClosestReplica ? Map.of("replica.selector.class", RACK_AWARE_SELECTOR) : Map.of();
    }

    /** Without a partition limit, a data directory or tiered storage (as before they existed). */
    public LocalClusterConfig(Integer brokers, Map<String, String> brokerConfig, Integer heapMb,
                              LocalClusterSecurity security, Boolean faultProxy, Boolean shareGroups, Duration networkDelay) {
        this(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, networkDelay, null, null, null);
    }

    /** Without a network delay (as before it existed). */
    public LocalClusterConfig(Integer brokers, Map<String, String> brokerConfig, Integer heapMb,
                              LocalClusterSecurity security, Boolean faultProxy, Boolean shareGroups) {
        this(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, null);
    }

    /** With share groups (as before the choice existed). */
    public LocalClusterConfig(Integer brokers, Map<String, String> brokerConfig, Integer heapMb,
                              LocalClusterSecurity security, Boolean faultProxy) {
        this(brokers, brokerConfig, heapMb, security, faultProxy, null);
    }

    /** Without the fault proxy (as before it existed). */
    public LocalClusterConfig(Integer brokers, Map<String, String> brokerConfig, Integer heapMb,
                              LocalClusterSecurity security) {
        this(brokers, brokerConfig, heapMb, security, null, null);
    }

    /** A configuration with every default (one broker). */
    public static LocalClusterConfig defaults() {
        return new LocalClusterConfig(null, null, null, null, null, null);
    }

    /** A configuration with {@code brokers} nodes and otherwise defaults. */
    public static LocalClusterConfig ofBrokers(int brokers) {
        return new LocalClusterConfig(brokers, null, null, null, null, null);
    }

    /** The same configuration with {@code security} on the client listener. */
    public LocalClusterConfig withSecurity(LocalClusterSecurity security) {
        return new LocalClusterConfig(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, networkDelay, partitionLimit, dataDir,
                tieredStorage, racks, fetchFromClosestReplica);
    }

    /** The same configuration with the fault proxy on or off (see {@link #faultProxy()}). */
    public LocalClusterConfig withFaultProxy(boolean faultProxy) {
        return new LocalClusterConfig(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, networkDelay, partitionLimit, dataDir,
                tieredStorage, racks, fetchFromClosestReplica);
    }

    /** The same configuration with these broker properties (replacing any given before). */
    public LocalClusterConfig withBrokerConfig(Map<String, String> brokerConfig) {
        return new LocalClusterConfig(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, networkDelay, partitionLimit, dataDir,
                tieredStorage, racks, fetchFromClosestReplica);
    }

    /** The same configuration with a network delay for the whole run (see {@link #networkDelay()}). */
    public LocalClusterConfig withNetworkDelay(Duration networkDelay) {
        return new LocalClusterConfig(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, networkDelay, partitionLimit, dataDir,
                tieredStorage, racks, fetchFromClosestReplica);
    }

    /** The same configuration with a partition limit (see {@link #partitionLimit()}; null: none). */
    public LocalClusterConfig withPartitionLimit(Integer limit) {
        return new LocalClusterConfig(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, networkDelay, limit, dataDir,
                tieredStorage, racks, fetchFromClosestReplica);
    }

    /** The same configuration with its data under {@code dir} (see {@link #dataDir()}; null: the system's temporary directory). */
    public LocalClusterConfig withDataDir(String dir) {
        return new LocalClusterConfig(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, networkDelay, partitionLimit, dir,
                tieredStorage, racks, fetchFromClosestReplica);
    }

    /** The same configuration with tiered storage on or off (see {@link #tieredStorage()}). */
    public LocalClusterConfig withTieredStorage(boolean tieredStorage) {
        return new LocalClusterConfig(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, networkDelay, partitionLimit, dataDir,
                tieredStorage, racks, fetchFromClosestReplica);
    }

    /** Whether the brokers need the fault proxy: asked for, or a network delay to apply. */
    public boolean needsProxy() {
        return faultProxy || !networkDelay.isZero();
    }

    /** The same configuration with share groups switched on or off (see {@link #shareGroups()}). */
    public LocalClusterConfig withShareGroups(boolean shareGroups) {
        return new LocalClusterConfig(brokers, brokerConfig, heapMb, security, faultProxy, shareGroups, networkDelay, partitionLimit, dataDir,
                tieredStorage, racks, fetchFromClosestReplica);
    }

    /**
     * The feature levels the nodes' storage is formatted with, {@code name=level}: explicit, so that a
     * release whose defaults differ (4.1 formats without share groups) still gets what the run expects.
     */
    public List<String> formatFeatures() {
        return List.of(CONSUMER_PROTOCOL_ON, shareGroups ? SHARE_GROUPS_ON : SHARE_GROUPS_OFF);
    }

    /** Maximum heap of each node's JVM in MiB: {@link #heapMb()} split evenly, rounded up. */
    public int heapMbPerNode() {
        int n = Math.max(1, brokers);
        return (int) ((heapMb + (long) n - 1) / n);
    }

    /** Default heap for a broker count: 256 MiB plus 256 MiB per broker. */
    public static int defaultHeapMb(int brokers) {
        return 256 + 256 * Math.max(1, brokers);
    }

    /**
     * Human-readable problems with this configuration, empty when it is usable. Each message
     * names the field, the value given and what to do.
     */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (brokers < MIN_BROKERS || brokers > MAX_BROKERS) {
            problems.add("localCluster.brokers must be between " + MIN_BROKERS + " and " + MAX_BROKERS
                    + " (got " + brokers + "); use 1, or 3 to let replication factor 3 / "
                    + "min.insync.replicas=2 workloads run locally");
        }
        if (heapMb < MIN_HEAP_MB) {
            problems.add("localCluster.heapMb must be at least " + MIN_HEAP_MB + " (got " + heapMb
                    + "); the default for " + brokers + " broker(s) is " + defaultHeapMb(brokers));
        }
        for (Map.Entry<String, String> e : brokerConfig.entrySet()) {
            String key = e.getKey();
            if (key == null || key.isBlank()) {
                problems.add("localCluster.brokerConfig has an empty key");
                continue;
            }
            if (RESERVED_KEYS.contains(key.trim())) {
                problems.add("localCluster.brokerConfig." + key + " cannot be set: the local cluster sets "
                        + key + " itself (KRaft nodes, listeners on 127.0.0.1 and data directories "
                        + "are managed by kbench)");
            } else if (security != null && key.trim().startsWith(RESERVED_PREFIX_WITH_SECURITY)) {
                problems.add("localCluster.brokerConfig." + key + " cannot be set with localCluster.security: the "
                        + "local cluster configures its listeners itself; give ssl.* and sasl.* settings without "
                        + "the listener prefix");
            } else if (e.getValue() == null) {
                problems.add("localCluster.brokerConfig." + key + " has no value");
            }
        }
        if (!networkDelay.isZero() && !Fault.isAllowedDelay(networkDelay)) {
            problems.add("localCluster.networkDelay " + networkDelay.toMillis() + " ms is out of range: from "
                    + Fault.MIN_NETWORK_DELAY.toMillis() + " ms to " + Fault.MAX_NETWORK_DELAY.toMillis()
                    + " ms each way (0 or absent: none), e.g. networkDelay: 50ms");
        }
        if (dataDir != null && (dataDir.isBlank() || !java.nio.file.Files.isDirectory(java.nio.file.Path.of(dataDir)))) {
            problems.add("localCluster.dataDir " + (dataDir.isBlank() ? "is empty" : dataDir + " is not a directory")
                    + ": give an existing directory (e.g. /dev/shm), or leave it out for the system's temporary directory");
        }
        if (partitionLimit != null && partitionLimit < 1) {
            problems.add("localCluster.partitionLimit must be at least 1 (got " + partitionLimit + "); leave it out for no limit");
        }
        if (!racks.isEmpty() && racks.size() != brokers) {
            problems.add("localCluster.racks names " + racks.size() + " zone(s) for " + brokers + " broker(s): give one per broker, "
                    + "in node order, e.g. racks: [az1, az2, az3]");
        }
        for (int i = 0; i < racks.size(); i++) {
            if (racks.get(i) == null || racks.get(i).isBlank()) {
                problems.add("localCluster.racks[" + i + "] is empty: give each broker a zone name, e.g. az" + (i + 1));
            }
        }
        if (fetchFromClosestReplica && racks.isEmpty()) {
            problems.add("localCluster.fetchFromClosestReplica needs localCluster.racks (the brokers' zones, e.g. racks: [az1, az2, az3]): "
                    + "without them every replica is equally close");
        }
        if (security != null) {
            problems.addAll(security.problems());
        }
        return List.copyOf(problems);
    }

    /**
     * A hint for a broker count that works but is unusual (2, 4 or 5 nodes), or {@code null}.
     * With 2 or 4 controllers a quorum tolerates no more failures than with 1 or 3.
     */
    public String advice() {
        if (brokers == 2 || brokers == 4) {
            return "localCluster.brokers=" + brokers + " works, but 1 or 3 is recommended: "
                    + "3 brokers let RF 3 / min.insync.replicas=2 workloads run locally";
        }
        return null;
    }
}
