package io.kbench.inmemory;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClusterDescription;
import io.kbench.driver.ConsumerFeature;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.DriverException;
import io.kbench.driver.FaultType;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.ProvisionedCluster;
import io.kbench.driver.ServerContact;
import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.TopicOffsets;
import io.kbench.driver.TopicSpec;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The reference driver: topics, producers and consumer groups of an {@link InMemoryCluster} in this
 * JVM, with no broker. It keeps every promise of the driver SPI (the conformance suite in
 * driver-testkit checks them), so the framework can be tested without Kafka, and it is the worked
 * example for writing a driver (see "Writing a driver" in the README).
 *
 * <p>A driver file selects it with {@code driverClass: inmemory}. Without a {@code cluster} field,
 * the run starts a fresh cluster and removes it afterwards; with one, the driver uses the cluster of
 * that name, which must run in this JVM. A name no cluster in this JVM carries is this driver's
 * unreachable cluster: {@link #initialize} fails at once, naming it.
 */
public final class InMemoryDriver implements BenchmarkDriver<InMemoryConfig> {

    /** The {@code driverClass} short name. */
    public static final String ALIAS = "inmemory";

    /** Open producers and consumers; each removes itself when closed. */
    private final List<AutoCloseable> clients = new CopyOnWriteArrayList<>();
    /** When the cluster last acknowledged or delivered a message for this driver's clients. */
    private final AtomicLong lastAnswerMillis = new AtomicLong();
    private InMemoryConfig config;
    private InMemoryCluster cluster;

    @Override
    public Class<InMemoryConfig> configType() {
        return InMemoryConfig.class;
    }

    @Override
    public Set<String> driverClassAliases() {
        return Set.of(ALIAS);
    }

    @Override
    public String clientVersion() {
        String v = InMemoryDriver.class.getPackage().getImplementationVersion();
        return "kbench in-memory driver " + (v == null ? "dev" : v);
    }

    @Override
    public void validate(InMemoryConfig c) {
        if (c.cluster() != null && c.cluster().isBlank()) {
            throw new DriverException("cluster", "cluster is blank: name a cluster running in this JVM, or leave the field out "
                    + "and the run starts one", null);
        }
        if (c.maxPartitionsPerTopic() < 1) {
            throw new DriverException("maxPartitionsPerTopic", "maxPartitionsPerTopic must be at least 1, got "
                    + c.maxPartitionsPerTopic(), null);
        }
        if (c.ackLatencyMicros() < 0 || c.ackLatencyMicros() > 60_000_000) {
            throw new DriverException("ackLatencyMicros", "ackLatencyMicros must be 0 to 60,000,000 (a minute), got "
                    + c.ackLatencyMicros(), null);
        }
        if (!(c.sendFailureRate() >= 0 && c.sendFailureRate() <= 1)) {
            throw new DriverException("sendFailureRate", "sendFailureRate is a share of the sends, 0 to 1, got "
                    + c.sendFailureRate(), null);
        }
        if (!(c.maxMessagesPerSecond() >= 0 && c.maxMessagesPerSecond() <= 1e9)) {
            throw new DriverException("maxMessagesPerSecond", "maxMessagesPerSecond is 0 (no limit) to 1,000,000,000 messages per "
                    + "second, got " + c.maxMessagesPerSecond(), null);
        }
        if (c.sendCostMicros() < 0 || c.sendCostMicros() > 1_000_000) {
            throw new DriverException("sendCostMicros", "sendCostMicros must be 0 (no cost) to 1,000,000 (a second per send), got "
                    + c.sendCostMicros(), null);
        }
    }

    /**
     * Without a {@code cluster} field, starts a fresh cluster for the run (removed when the run
     * closes it) and points the workers' configuration at it, as the Kafka driver does with a local
     * Kafka cluster.
     */
    @Override
    public Optional<ProvisionedCluster<InMemoryConfig>> provisionCluster(InMemoryConfig c, Set<FaultType> faults,
                                                                         Consumer<String> progress) {
        if (c.cluster() != null) {
            return Optional.empty();
        }
        InMemoryCluster started = InMemoryCluster.start("run-" + UUID.randomUUID().toString().substring(0, 8));
        progress.accept("Started " + started + " in this JVM");
        InMemoryConfig forWorkers = c.withCluster(started.name());
        return Optional.of(new ProvisionedCluster<>() {
            @Override
            public InMemoryConfig workerConfig() {
                return forWorkers;
            }

            @Override
            public String description() {
                return started + " in this JVM";
            }

            @Override
            public void close() {
                started.close();
            }
        });
    }

    @Override
    public void initialize(InMemoryConfig c) {
        validate(c);
        if (c.cluster() == null) {
            throw new DriverException("cluster", "no cluster named: the coordinator starts one when the driver file has no "
                    + "cluster field and sends its name to the workers", null);
        }
        InMemoryCluster found = InMemoryCluster.find(c.cluster());
        if (found == null) {
            throw new DriverException("cluster", "cannot reach in-memory cluster '" + c.cluster() + "': no cluster of that name "
                    + "runs in this JVM (running: " + InMemoryCluster.runningNames() + "). An in-memory cluster lives in the JVM that "
                    + "started it: run without --workers, or start the worker agents in that JVM", null);
        }
        this.config = c;
        this.cluster = found;
    }

    /** Refuses topics over {@code maxPartitionsPerTopic}; creates all of the batch or none. */
    @Override
    public CompletableFuture<Void> createTopics(List<TopicSpec> topics) {
        try {
            for (TopicSpec t : topics) {
                if (t.partitions() > config.maxPartitionsPerTopic()) {
                    throw new DriverException(connected() + " refused to create topic " + t.name() + " with " + t.partitions()
                            + " partitions: it allows at most " + config.maxPartitionsPerTopic() + " (maxPartitionsPerTopic)");
                }
            }
            connected().createTopics(topics);
            return CompletableFuture.completedFuture(null);
        } catch (DriverException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletableFuture<Void> deleteTopics(List<String> topics) {
        connected().deleteTopics(topics);
        return CompletableFuture.completedFuture(null);
    }

    /** Topics that do not exist are left out; a cluster stopped since initialize cannot say. */
    @Override
    public CompletableFuture<Map<String, Integer>> describeTopics(List<String> topics) {
        return perTopic(topics, "describe topics", Topic::partitionCount);
    }

    /**
     * Every partition starts at position 0 (nothing is ever deleted) and ends where the next message will
     * go; topics that do not exist are left out; a cluster stopped since initialize cannot say.
     */
    @Override
    public CompletableFuture<Map<String, TopicOffsets>> topicOffsets(List<String> topics) {
        return perTopic(topics, "read the offsets of topics", t -> {
            List<TopicOffsets.Partition> partitions = new ArrayList<>();
            for (int p = 0; p < t.partitionCount(); p++) {
                partitions.add(new TopicOffsets.Partition(0, t.partition(p).end()));
            }
            return new TopicOffsets(partitions);
        });
    }

    /** An in-memory topic keeps every record for the cluster's life: no time limit (-1). */
    @Override
    public CompletableFuture<Map<String, Long>> topicRetentionMillis(List<String> topics) {
        return perTopic(topics, "say how long topics keep records", t -> -1L);
    }

    /** What {@code answer} says of each of these topics that exists; a cluster stopped since initialize cannot {@code what}. */
    private <T> CompletableFuture<Map<String, T>> perTopic(List<String> topics, String what, Function<Topic, T> answer) {
        InMemoryCluster c = connected();
        if (!c.running()) {
            return CompletableFuture.failedFuture(new DriverException(c + " was stopped: cannot " + what + " " + topics));
        }
        Map<String, T> out = new HashMap<>();
        for (String name : topics) {
            Topic t = c.topic(name);
            if (t != null) {
                out.put(name, answer.apply(t));
            }
        }
        return CompletableFuture.completedFuture(out);
    }

    /**
     * The cluster as this JVM holds it: one "broker" (the JVM) whose settings are the driver file's; each topic's
     * partition count as its one config. A cluster stopped since initialize is named as not available.
     */
    @Override
    public Optional<ClusterDescription> describeCluster(List<String> topics) {
        if (cluster == null) {
            return Optional.empty();
        }
        Map<String, String> settings = settings(config);
        Map<String, String> defaults = settings(InMemoryConfig.of(config.cluster()));
        Map<String, String> nonDefault = new TreeMap<>(settings);
        nonDefault.entrySet().removeIf(e -> e.getValue().equals(defaults.get(e.getKey())));
        if (!cluster.running()) {
            return Optional.of(new ClusterDescription(cluster.name(), null, List.of(), Map.of(), Map.of(), Map.of(),
                    Map.of("cluster", cluster + " was stopped")));
        }
        Map<String, Map<String, String>> topicConfigs = new TreeMap<>();
        for (String name : topics) {
            Topic t = cluster.topic(name);
            if (t != null) {
                topicConfigs.put(name, Map.of("partitions", Integer.toString(t.partitionCount())));
            }
        }
        ClusterDescription.Broker jvm = new ClusterDescription.Broker("0", "in-process (pid " + ProcessHandle.current().pid() + ")",
                null, clientVersion(), settings, nonDefault);
        return Optional.of(new ClusterDescription(cluster.name(), "0 (in-process)", List.of(jvm), Map.of(), topicConfigs,
                Map.of(), Map.of()));
    }

    private static Map<String, String> settings(InMemoryConfig c) {
        Map<String, String> settings = new TreeMap<>();
        settings.put("maxPartitionsPerTopic", Integer.toString(c.maxPartitionsPerTopic()));
        settings.put("ackLatencyMicros", Long.toString(c.ackLatencyMicros()));
        settings.put("sendFailureRate", Double.toString(c.sendFailureRate()));
        if (c.maxMessagesPerSecond() > 0) {
            settings.put("maxMessagesPerSecond", Double.toString(c.maxMessagesPerSecond()));
        }
        return settings;
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic, ProducerOptions options) {
        InMemoryProducer producer = new InMemoryProducer(connected(), topic, options, config, lastAnswerMillis, clients::remove);
        clients.add(producer);
        producer.start();
        return CompletableFuture.completedFuture(producer);
    }

    /**
     * Share groups; static membership, session timeouts and crashes as Kafka's group coordinator
     * treats them ({@link Membership}). The group protocol is accepted and changes nothing: partitions
     * move at once when members come and go, as under Kafka's consumer protocol, never with the
     * stop-the-world pause of the classic eager one. A member reports the protocol it was asked for, or
     * {@code consumer} (the protocol its groups behave like) when none was asked
     * ({@link io.kbench.driver.BenchmarkConsumer#groupMembership()}).
     */
    @Override
    public Set<ConsumerFeature> consumerFeatures() {
        return EnumSet.allOf(ConsumerFeature.class);
    }

    /**
     * Every start position: a group new to the topic starts at each partition's start, its end, or its first
     * message made at most the age ago; a group that exists goes on where it is.
     */
    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(ConsumerRequest request) {
        Optional<DriverException> refused = request.unmetBy(this);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        Topic t = connected().topic(request.topic());
        if (t == null) {
            return CompletableFuture.failedFuture(new DriverException("cannot consume from topic " + request.topic()
                    + ": it does not exist on " + cluster));
        }
        InMemoryMember<?> consumer = request instanceof ConsumerRequest.GroupMember member
                ? new InMemoryConsumer(cluster, t, member, lastAnswerMillis, clients::remove)
                : new InMemoryShareConsumer(cluster, t, (ConsumerRequest.ShareMember) request, lastAnswerMillis, clients::remove);
        clients.add(consumer);
        consumer.start();
        return CompletableFuture.completedFuture(consumer);
    }

    /** Checks the settings against the in-memory cluster's ranges and applies them to the group from now on. */
    @Override
    public CompletableFuture<Void> prepareShareGroup(String group, ShareGroupSettings settings) {
        try {
            connected().configureShareGroup(group, settings);
            return CompletableFuture.completedFuture(null);
        } catch (DriverException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public List<ClientMetric> clientMetrics() {
        List<ClientMetric> out = new ArrayList<>();
        for (AutoCloseable c : clients) {
            if (c instanceof InMemoryProducer p) {
                out.addAll(p.metrics());
            } else {
                out.addAll(((InMemoryMember<?>) c).metrics());
            }
        }
        return out;
    }

    @Override
    public Optional<ServerContact> lastServerContact() {
        long at = lastAnswerMillis.get();
        InMemoryCluster c = cluster;
        return at == 0 || c == null ? Optional.empty() : Optional.of(new ServerContact(c.toString(), at));
    }

    /** Closes the clients still open; the cluster lives on (it is the system, not the client's). */
    @Override
    public void close() {
        for (AutoCloseable c : clients) {
            try {
                c.close();
            } catch (Exception e) {
                // Closing is best effort: an interrupted close has stopped its thread's work anyway.
            }
        }
        clients.clear();
        cluster = null;
    }

    private InMemoryCluster connected() {
        if (cluster == null) {
            throw new IllegalStateException("the driver is not initialized (or was closed): call initialize first");
        }
        return cluster;
    }
}
