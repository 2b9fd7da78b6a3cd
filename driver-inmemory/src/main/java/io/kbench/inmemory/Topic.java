package io.kbench.inmemory;

import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.StartPosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * A topic: its partitions, its consumer groups and share groups, and the consumer threads to wake
 * when a message arrives.
 */
final class Topic {

    final String name;
    private final List<PartitionLog> partitions = new ArrayList<>();
    private final Map<String, ConsumerGroup> groups = new ConcurrentHashMap<>();
    private final Map<String, ShareGroup> shareGroups = new ConcurrentHashMap<>();
    private final List<Thread> readers = new CopyOnWriteArrayList<>();
    private final LongSupplier clock;
    private final Function<String, ShareGroupSettings> shareSettings;

    /**
     * @param clock monotonic nanoseconds, for session timeouts and record locks
     * @param shareSettings the settings of the share group of that name now
     */
    Topic(String name, int partitionCount, LongSupplier clock, Function<String, ShareGroupSettings> shareSettings) {
        this.name = name;
        this.clock = clock;
        this.shareSettings = shareSettings;
        for (int i = 0; i < partitionCount; i++) {
            partitions.add(new PartitionLog());
        }
    }

    int partitionCount() {
        return partitions.size();
    }

    PartitionLog partition(int index) {
        return partitions.get(index);
    }

    /**
     * The group of that name. Created on first use, reading every partition from {@code start}; a group
     * that exists goes on where it is, as a Kafka group's committed offsets win over auto.offset.reset.
     */
    ConsumerGroup group(String name, StartPosition start) {
        return groups.computeIfAbsent(name, n -> new ConsumerGroup(partitions, start, clock));
    }

    /** The share group of that name, created on first use; where it starts is in its settings. */
    ShareGroup shareGroup(String name) {
        return shareGroups.computeIfAbsent(name, n -> new ShareGroup(partitions, () -> shareSettings.apply(n), clock));
    }

    /** Appends to a partition and wakes the readers; returns the message's position. */
    long append(int partition, StoredMessage message) {
        long position = partitions.get(partition).append(message);
        for (Thread t : readers) {
            LockSupport.unpark(t);
        }
        return position;
    }

    void addReader(Thread t) {
        readers.add(t);
    }

    void removeReader(Thread t) {
        readers.remove(t);
    }
}
