package io.kbench.inmemory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/** A topic: its partitions, its consumer groups, and the consumer threads to wake when a message arrives. */
final class Topic {

    final String name;
    private final List<PartitionLog> partitions = new ArrayList<>();
    private final Map<String, ConsumerGroup> groups = new ConcurrentHashMap<>();
    private final List<Thread> readers = new CopyOnWriteArrayList<>();

    Topic(String name, int partitionCount) {
        this.name = name;
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
     * The group of that name. Created on first use, reading from the start of every partition, or
     * with {@code fromEnd} from its end; a group that exists goes on where it is, as a Kafka group's
     * committed offsets win over auto.offset.reset.
     */
    ConsumerGroup group(String name, boolean fromEnd) {
        return groups.computeIfAbsent(name, n -> new ConsumerGroup(partitions, fromEnd));
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
