package io.kbench.kafka.local;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The broker properties of a local cluster with a remote storage tier (KIP-405): Kafka's {@code LocalTieredStorage}
 * (from kafka-storage's test jar, a remote tier in a directory) and the topic-based remote log metadata manager, with
 * short intervals so that closed segments reach the tier, and leave the local disk, within seconds. Defaults the
 * user's {@code localCluster.brokerConfig} may override.
 */
final class TieredStorage {

    static final String STORAGE_MANAGER = "org.apache.kafka.server.log.remote.storage.LocalTieredStorage";
    static final String METADATA_MANAGER = "org.apache.kafka.server.log.remote.metadata.storage.TopicBasedRemoteLogMetadataManager";
    /** The remote tier's directory inside the cluster's temporary directory. */
    static final String DIRECTORY = "remote-tier";

    private TieredStorage() {}

    /**
     * @param dir where the remote tier keeps the segments (shared by the brokers, as an object store would be)
     * @param listener the PLAINTEXT listener, without credentials, the metadata manager's clients use
     * @param brokers how many brokers: the metadata topic's replication factor follows them, up to 3
     */
    static Map<String, String> brokerDefaults(Path dir, String listener, int brokers) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("remote.log.storage.system.enable", "true");
        p.put("remote.log.storage.manager.class.name", STORAGE_MANAGER);
        p.put("remote.log.storage.manager.impl.prefix", "rsm.config.");
        p.put("rsm.config.dir", dir.toAbsolutePath().toString());
        p.put("rsm.config.delete.on.close", "false"); // the cluster deletes its directory itself
        p.put("remote.log.metadata.manager.class.name", METADATA_MANAGER);
        p.put("remote.log.metadata.manager.impl.prefix", "rlmm.config.");
        p.put("remote.log.metadata.manager.listener.name", listener);
        p.put("rlmm.config.remote.log.metadata.topic.replication.factor", String.valueOf(Math.min(3, brokers)));
        p.put("rlmm.config.remote.log.metadata.topic.num.partitions", "5");
        // Copy closed segments to the tier, and delete what the tier has from the local disk, within a second or so.
        p.put("remote.log.manager.task.interval.ms", "500");
        p.put("log.retention.check.interval.ms", "1000");
        // The first check comes after this (Kafka's default 30 s): before it, nothing leaves the local disk.
        p.put("log.initial.task.delay.ms", "1000");
        return p;
    }

    /** {@code defaults} with the user's {@code overrides} on top. */
    static Map<String, String> withOverrides(Map<String, String> defaults, Map<String, String> overrides) {
        Map<String, String> all = new LinkedHashMap<>(defaults);
        all.putAll(overrides);
        return all;
    }
}
