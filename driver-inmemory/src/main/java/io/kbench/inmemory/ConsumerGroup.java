package io.kbench.inmemory;

import java.util.ArrayList;
import java.util.List;

/**
 * A consumer group of one topic: who holds which partition, and where the group goes on reading
 * each partition. Positions belong to the group, not to a member, so a partition that moves to
 * another member (a member joined or left) continues where the group stopped: nothing is read twice.
 */
final class ConsumerGroup {

    /** One message taken for delivery, with where it came from. */
    record Taken(int partition, long position, StoredMessage message) {}

    private final List<PartitionLog> partitions;
    private final long[] nextPosition;
    private final Object[] owner;
    private final List<Object> members = new ArrayList<>();
    private int rotation;

    /** @param fromEnd start at the end of each partition (past what it holds now), else at its start */
    ConsumerGroup(List<PartitionLog> partitions, boolean fromEnd) {
        this.partitions = List.copyOf(partitions);
        this.nextPosition = new long[partitions.size()];
        this.owner = new Object[partitions.size()];
        for (int p = 0; fromEnd && p < nextPosition.length; p++) {
            nextPosition[p] = partitions.get(p).end();
        }
    }

    synchronized void join(Object member) {
        members.add(member);
        rebalance();
    }

    synchronized void leave(Object member) {
        members.remove(member);
        rebalance();
    }

    /** Partition p goes to member p mod n: each member gets a share, and the shares differ by one at most. */
    private void rebalance() {
        for (int p = 0; p < owner.length; p++) {
            owner[p] = members.isEmpty() ? null : members.get(p % members.size());
        }
    }

    synchronized int partitionsOf(Object member) {
        int n = 0;
        for (Object o : owner) {
            if (o == member) {
                n++;
            }
        }
        return n;
    }

    /**
     * Takes up to {@code max} messages from the partitions {@code member} holds and moves the group's
     * positions past them, so each message goes to one member once. Starts at a different partition
     * each time, so a busy partition does not starve the others.
     */
    synchronized List<Taken> take(Object member, int max) {
        List<Taken> out = new ArrayList<>();
        int count = owner.length;
        rotation = (rotation + 1) % count;
        for (int i = 0; i < count && out.size() < max; i++) {
            int p = (rotation + i) % count;
            if (owner[p] != member) {
                continue;
            }
            for (StoredMessage m : partitions.get(p).read(nextPosition[p], max - out.size())) {
                out.add(new Taken(p, nextPosition[p]++, m));
            }
        }
        return out;
    }
}
