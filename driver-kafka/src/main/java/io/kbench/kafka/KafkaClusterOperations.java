package io.kbench.kafka;

import io.kbench.driver.ClusterOperations;
import io.kbench.driver.ConfigScope;
import io.kbench.driver.DriverException;
import io.kbench.driver.PartitionHealth;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.ElectionNotNeededException;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * {@link ClusterOperations} through Kafka's Admin API, on an admin client of its own. Each method ends within
 * {@link #CALL_TIMEOUT_MS}, all its Admin calls together, and fails with the cluster's refusal in one line
 * ({@link AdminCalls}).
 */
public final class KafkaClusterOperations implements ClusterOperations {

    /** The longest one method may wait for the cluster, in milliseconds: the SPI's bound. */
    static final long CALL_TIMEOUT_MS = 30_000;
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final Admin admin;
    private final ScopedConfigs configs;

    /**
     * Connects to the cluster {@code config} points at (its commonConfig) and checks that it answers, within
     * {@link KafkaBenchmarkDriver#connectTimeoutMs}.
     *
     * @throws DriverException naming the address when the cluster cannot be reached or refuses the client
     */
    public KafkaClusterOperations(KafkaDriverConfig config) {
        KafkaClientConfigs clientConfigs = new KafkaClientConfigs(config);
        if (MskIamCredentials.MECHANISM.equals(clientConfigs.common().get("sasl.mechanism"))) {
            MskIamCredentials.check(clientConfigs);
        }
        try {
            admin = Admin.create(clientConfigs.admin());
        } catch (KafkaException e) {
            throw new DriverException("commonConfig", "cannot create a Kafka client for " + clientConfigs.bootstrapServers() + ": "
                    + KafkaBenchmarkDriver.rootMessage(e), e);
        }
        int connectTimeoutMs = KafkaBenchmarkDriver.connectTimeoutMs(clientConfigs.common());
        try {
            admin.describeCluster(new DescribeClusterOptions().timeoutMs(connectTimeoutMs)).nodes()
                    .get(connectTimeoutMs + 5_000L, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            close();
            throw ConnectFailures.explain(e, clientConfigs, connectTimeoutMs);
        }
        this.configs = new ScopedConfigs(admin);
    }

    @Override
    public List<Integer> brokerIds() {
        return brokerIds(AdminCalls.deadline(CALL_TIMEOUT_MS));
    }

    private List<Integer> brokerIds(long deadline) {
        Collection<Node> nodes = AdminCalls.await("describe the cluster's brokers", deadline, () -> admin.describeCluster().nodes());
        return nodes.stream().map(Node::id).sorted().toList();
    }

    @Override
    public Map<String, List<List<Integer>>> replicas(List<String> topics) {
        Map<String, List<List<Integer>>> out = new LinkedHashMap<>();
        describe(topics, AdminCalls.deadline(CALL_TIMEOUT_MS)).forEach((topic, partitions) -> out.put(topic,
                partitions.stream().map(p -> p.replicas().stream().map(Node::id).toList()).toList()));
        return out;
    }

    @Override
    public Map<String, List<Integer>> leaders(List<String> topics) {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        describe(topics, AdminCalls.deadline(CALL_TIMEOUT_MS)).forEach((topic, partitions) -> out.put(topic,
                partitions.stream().map(p -> p.leader() == null || p.leader().isEmpty() ? -1 : p.leader().id()).toList()));
        return out;
    }

    @Override
    public Map<Integer, String> brokerRacks() {
        Collection<Node> nodes = AdminCalls.await("describe the cluster's brokers", AdminCalls.deadline(CALL_TIMEOUT_MS),
                () -> admin.describeCluster().nodes());
        Map<Integer, String> out = new TreeMap<>();
        nodes.stream().filter(Node::hasRack).forEach(n -> out.put(n.id(), n.rack()));
        return out;
    }

    @Override
    public Map<String, List<Long>> partitionBytes(List<String> topics) {
        long deadline = AdminCalls.deadline(CALL_TIMEOUT_MS);
        Map<String, List<TopicPartitionInfo>> described = describe(topics, deadline);
        List<Integer> brokers = brokerIds(deadline);
        Map<Integer, Map<String, LogDirDescription>> dirs = AdminCalls.await("describe the log directories of brokers " + brokers,
                deadline, () -> admin.describeLogDirs(brokers).allDescriptions());
        Map<TopicPartition, Long> largest = new HashMap<>();
        for (Map<String, LogDirDescription> ofBroker : dirs.values()) {
            for (LogDirDescription dir : ofBroker.values()) {
                if (dir.error() == null) { // an offline directory holds nothing the cluster serves
                    dir.replicaInfos().forEach((tp, replica) -> largest.merge(tp, replica.size(), Math::max));
                }
            }
        }
        Map<String, List<Long>> out = new LinkedHashMap<>();
        described.forEach((topic, partitions) -> out.put(topic, partitions.stream()
                .map(p -> largest.getOrDefault(new TopicPartition(topic, p.partition()), 0L)).toList()));
        return out;
    }

    @Override
    public void reassign(Map<String, Map<Integer, List<Integer>>> target) {
        long deadline = AdminCalls.deadline(CALL_TIMEOUT_MS);
        Map<TopicPartition, Optional<NewPartitionReassignment>> moves = new LinkedHashMap<>();
        target.forEach((topic, partitions) -> new TreeMap<>(partitions).forEach((partition, replicas) ->
                moves.put(new TopicPartition(topic, partition), Optional.of(new NewPartitionReassignment(replicas)))));
        if (moves.isEmpty()) {
            return;
        }
        Map<TopicPartition, KafkaFuture<Void>> results = AdminCalls.request("alter partition reassignments",
                () -> admin.alterPartitionReassignments(moves).values());
        // Each partition's answer, so that a refusal names the partition it is about.
        results.forEach((tp, result) -> AdminCalls.await("alter partition reassignments (move " + tp + " to brokers "
                + moves.get(tp).orElseThrow().targetReplicas() + ")", deadline, result));
    }

    @Override
    public PartitionHealth health(List<String> topics) {
        long deadline = AdminCalls.deadline(CALL_TIMEOUT_MS);
        Map<String, List<TopicPartitionInfo>> described = describe(topics, deadline);
        int partitions = 0;
        int underReplicated = 0;
        int offline = 0;
        Set<TopicPartition> all = new HashSet<>();
        for (Map.Entry<String, List<TopicPartitionInfo>> topic : described.entrySet()) {
            for (TopicPartitionInfo p : topic.getValue()) {
                partitions++;
                underReplicated += p.isr().size() < p.replicas().size() ? 1 : 0;
                offline += p.leader() == null || p.leader().isEmpty() ? 1 : 0;
                all.add(new TopicPartition(topic.getKey(), p.partition()));
            }
        }
        int reassigning = all.isEmpty() ? 0 : AdminCalls.await("list partition reassignments", deadline,
                () -> admin.listPartitionReassignments(all).reassignments()).size();
        return new PartitionHealth(partitions, underReplicated, offline, reassigning);
    }

    /** Only the scope's own values: a broker's description reports the cluster default's and its file's too. */
    @Override
    public Map<String, String> configs(ConfigScope scope, Collection<String> names) {
        return configs.read(scope, names, AdminCalls.deadline(CALL_TIMEOUT_MS));
    }

    /** In one IncrementalAlterConfigs request: SET for a value, DELETE for null. */
    @Override
    public void alterConfigs(ConfigScope scope, Map<String, String> values) {
        configs.alter(scope, values, AdminCalls.deadline(CALL_TIMEOUT_MS));
    }

    @Override
    public void addPartitions(String topic, int totalPartitions) {
        AdminCalls.await("grow topic " + topic + " to " + totalPartitions + " partitions", AdminCalls.deadline(CALL_TIMEOUT_MS),
                () -> admin.createPartitions(Map.of(topic, NewPartitions.increaseTo(totalPartitions))).all());
    }

    @Override
    public int electPreferredLeaders(List<String> topics) {
        long deadline = AdminCalls.deadline(CALL_TIMEOUT_MS);
        Set<TopicPartition> partitions = new HashSet<>();
        describe(topics, deadline).forEach((topic, infos) -> infos.forEach(p -> partitions.add(new TopicPartition(topic, p.partition()))));
        if (partitions.isEmpty()) {
            return 0; // an empty set would not be sent as such: Kafka reads no partitions as all of the cluster's
        }
        String action = "elect the preferred leaders of topics " + topics;
        Map<TopicPartition, Optional<Throwable>> results = AdminCalls.await(action, deadline,
                () -> admin.electLeaders(ElectionType.PREFERRED, partitions).partitions());
        int elected = 0;
        Map<TopicPartition, Throwable> failed = new TreeMap<>(Comparator.comparing(TopicPartition::toString));
        for (Map.Entry<TopicPartition, Optional<Throwable>> r : results.entrySet()) {
            if (r.getValue().isEmpty()) {
                elected++;
            } else if (!(r.getValue().get() instanceof ElectionNotNeededException)) {
                failed.put(r.getKey(), r.getValue().get());
            }
        }
        if (!failed.isEmpty()) {
            Map.Entry<TopicPartition, Throwable> first = failed.entrySet().iterator().next();
            throw AdminCalls.refusal("elect the preferred leader of " + first.getKey() + " (" + failed.size() + " of "
                    + partitions.size() + " partitions refused, " + elected + " elected)", first.getValue());
        }
        return elected;
    }

    /** ListOffsets at the latest offset of every partition, in one request per leader. */
    @Override
    public Map<String, List<Long>> endOffsets(List<String> topics) {
        return offsets(topics, OffsetSpec.latest(), "end");
    }

    /** ListOffsets at the earliest offset of every partition (the log start offset), in one request per leader. */
    @Override
    public Map<String, List<Long>> startOffsets(List<String> topics) {
        return offsets(topics, OffsetSpec.earliest(), "start");
    }

    private Map<String, List<Long>> offsets(List<String> topics, OffsetSpec spec, String which) {
        long deadline = AdminCalls.deadline(CALL_TIMEOUT_MS);
        Map<String, List<TopicPartitionInfo>> described = describe(topics, deadline);
        Map<TopicPartition, OffsetSpec> asked = new LinkedHashMap<>();
        described.forEach((topic, partitions) -> partitions.forEach(p -> asked.put(new TopicPartition(topic, p.partition()),
                spec)));
        if (asked.isEmpty()) {
            return Map.of();
        }
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = AdminCalls.await("list the " + which + " offsets of topics "
                + described.keySet(), deadline, () -> admin.listOffsets(asked).all());
        Map<String, List<Long>> out = new LinkedHashMap<>();
        described.forEach((topic, partitions) -> out.put(topic, partitions.stream()
                .map(p -> ends.get(new TopicPartition(topic, p.partition())).offset()).toList()));
        return out;
    }

    /** OffsetFetch for the group: a group that committed nothing (or does not exist) has none. */
    @Override
    public Optional<Map<Integer, Long>> committedOffsets(String group, String topic) {
        Map<TopicPartition, OffsetAndMetadata> committed = AdminCalls.await("list the offsets consumer group " + group
                + " committed", AdminCalls.deadline(CALL_TIMEOUT_MS), () -> admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata());
        Map<Integer, Long> out = new TreeMap<>();
        committed.forEach((tp, offset) -> {
            if (tp.topic().equals(topic) && offset != null) {
                out.put(tp.partition(), offset.offset());
            }
        });
        return Optional.of(out);
    }

    /**
     * ConsumerGroupDescribe gives a group of the consumer protocol its epoch; a classic group is described through the
     * classic DescribeGroups, which has no generation in the Admin API: absent, as is a group the cluster does not know.
     */
    @Override
    public Map<String, Integer> groupEpochs(List<String> groups) {
        if (groups.isEmpty()) {
            return Map.of();
        }
        long deadline = AdminCalls.deadline(CALL_TIMEOUT_MS);
        Map<String, KafkaFuture<ConsumerGroupDescription>> asked = AdminCalls.request("describe consumer groups " + groups,
                () -> admin.describeConsumerGroups(groups).describedGroups());
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String group : groups) {
            try {
                AdminCalls.await("describe consumer group " + group, deadline, asked.get(group)).groupEpoch()
                        .ifPresent(epoch -> out.put(group, epoch));
            } catch (DriverException e) {
                if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                    throw e;
                }
            }
        }
        return out;
    }

    @Override
    public void close() {
        try {
            admin.close(CLOSE_TIMEOUT);
        } catch (RuntimeException e) {
            // closing is best effort
        }
    }

    /** The partitions of each existing topic among {@code topics}, by partition number; a missing topic is absent. */
    private Map<String, List<TopicPartitionInfo>> describe(List<String> topics, long deadline) {
        Map<String, KafkaFuture<TopicDescription>> asked = AdminCalls.request("describe topics " + topics,
                () -> admin.describeTopics(topics).topicNameValues());
        Map<String, List<TopicPartitionInfo>> out = new LinkedHashMap<>();
        for (String topic : topics) {
            try {
                TopicDescription d = AdminCalls.await("describe topic " + topic, deadline, asked.get(topic));
                out.put(topic, d.partitions().stream().sorted(Comparator.comparingInt(TopicPartitionInfo::partition)).toList());
            } catch (DriverException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
            }
        }
        return out;
    }
}
