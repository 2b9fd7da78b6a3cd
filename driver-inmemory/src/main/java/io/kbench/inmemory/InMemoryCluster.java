package io.kbench.inmemory;

import io.kbench.driver.DriverException;
import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.TopicSpec;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The system the in-memory driver talks to: named topics of partition logs, living in this JVM.
 *
 * <p>Drivers find a cluster by its name in a JVM-wide registry, the way Kafka clients find a
 * cluster by its bootstrap address. So a coordinator and workers share a cluster only when they run
 * in one JVM (a local run, or agents started in a test); a name that no cluster here carries is an
 * unreachable cluster.
 */
public final class InMemoryCluster implements AutoCloseable {

    private static final Map<String, InMemoryCluster> RUNNING = new ConcurrentHashMap<>();

    private final String name;
    private final LongSupplier clock;
    private final Map<String, Topic> topics = new ConcurrentHashMap<>();
    private final Map<String, ShareGroupSettings> shareSettings = new ConcurrentHashMap<>();
    private volatile boolean frozen;
    /** When the next acknowledgement under a quota may come, on {@link #clock}. */
    private long nextAckSlotNanos = Long.MIN_VALUE;

    private InMemoryCluster(String name, LongSupplier clock) {
        this.name = name;
        this.clock = clock;
    }

    /** Starts a cluster that drivers in this JVM reach by {@code name}. */
    public static InMemoryCluster start(String name) {
        return start(name, System::nanoTime);
    }

    /**
     * Starts a cluster whose groups keep time on {@code clock} (monotonic nanoseconds): share groups'
     * record locks and the session timeouts of members that crashed. Tests pass a clock they move
     * themselves; anything else uses {@link System#nanoTime()}.
     */
    public static InMemoryCluster start(String name, LongSupplier clock) {
        InMemoryCluster cluster = new InMemoryCluster(name, clock);
        if (RUNNING.putIfAbsent(name, cluster) != null) {
            throw new IllegalStateException("an in-memory cluster named '" + name + "' already runs in this JVM");
        }
        return cluster;
    }

    /** The cluster of that name running in this JVM, or null. */
    static InMemoryCluster find(String name) {
        return RUNNING.get(name);
    }

    static Set<String> runningNames() {
        return new TreeSet<>(RUNNING.keySet());
    }

    /** False once {@link #close()} stopped it: a driver that still holds it can no longer ask it anything. */
    boolean running() {
        return RUNNING.get(name) == this;
    }

    public String name() {
        return name;
    }

    /** The topics and their partition counts, as an admin client would list them. */
    public Map<String, Integer> topicPartitions() {
        Map<String, Integer> out = new TreeMap<>();
        topics.forEach((n, t) -> out.put(n, t.partitionCount()));
        return out;
    }

    /**
     * Stops acknowledging sends and delivering messages, like a cluster that stopped answering
     * (creating and deleting topics still works). Lets tests make a run stall.
     */
    public void freeze() {
        frozen = true;
    }

    /** Answers again after {@link #freeze()}: held sends are acknowledged, consumers catch up. */
    public void thaw() {
        frozen = false;
    }

    boolean frozen() {
        return frozen;
    }

    /** Monotonic nanoseconds on the cluster's clock. */
    long nanoTime() {
        return clock.getAsLong();
    }

    /**
     * When a send made at {@code dueNanos} (on the cluster's clock) is acknowledged under a quota of
     * {@code perSecond} messages per second for the whole cluster: at once while the quota has room, else in
     * its turn after the sends before it. 0 or less: no quota.
     */
    synchronized long ackSlot(long dueNanos, double perSecond) {
        if (perSecond <= 0) {
            return dueNanos;
        }
        long slot = Math.max(dueNanos, nextAckSlotNanos);
        nextAckSlotNanos = slot + (long) (1e9 / perSecond);
        return slot;
    }

    /** Creates every topic of the batch, or none: a name already taken refuses the whole batch. */
    synchronized void createTopics(List<TopicSpec> specs) {
        for (TopicSpec s : specs) {
            if (topics.containsKey(s.name())) {
                throw new DriverException("in-memory cluster '" + name + "' refused to create topic " + s.name()
                        + ": it exists already");
            }
        }
        specs.forEach(s -> topics.put(s.name(), new Topic(s.name(), s.partitions(), clock, this::shareSettings)));
    }

    /**
     * Sets a share group's settings, for its partitions of every topic, from now on (as Kafka's
     * group configs, which exist apart from the group).
     *
     * @throws DriverException naming the setting and the allowed range when a value is out of it
     */
    void configureShareGroup(String group, ShareGroupSettings settings) {
        ShareGroup.check(group, settings);
        shareSettings.put(group, settings);
    }

    /** A share group's settings: those set last, or the defaults. */
    ShareGroupSettings shareSettings(String group) {
        return shareSettings.getOrDefault(group, ShareGroupSettings.DEFAULTS);
    }

    /** Deletes the topics; names of topics that do not exist are ignored. */
    synchronized void deleteTopics(List<String> names) {
        names.forEach(topics::remove);
    }

    /** The topic, or null when it does not exist. */
    Topic topic(String topicName) {
        return topics.get(topicName);
    }

    /** Stops the cluster: drivers can no longer reach it, and its topics are gone. */
    @Override
    public void close() {
        RUNNING.remove(name, this);
        topics.clear();
    }

    @Override
    public String toString() {
        return "in-memory cluster '" + name + "'";
    }
}
