package io.kbench.inmemory;

import io.kbench.driver.StartPosition;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * A consumer group of one topic: who holds which partition, and where the group goes on reading
 * each partition. Positions belong to the group, not to a member, so a partition that moves to
 * another member (a member joined or left) continues where the group stopped: nothing is read twice.
 * A message counts as committed as soon as it is taken, so not even a crash delivers one twice.
 *
 * <p>A member that crashed, or a static member that closed, keeps its partitions until its session
 * timeout runs out on the clock ({@link Membership}); nobody reads them meanwhile. There is one
 * protocol: partitions move at once when the places change, without the stop-the-world pause of
 * Kafka's classic eager protocol.
 */
final class ConsumerGroup implements MemberGroup {

    /** One message taken for delivery, with where it came from. */
    record Taken(int partition, long position, StoredMessage message) {}

    private final List<PartitionLog> partitions;
    private final long[] nextPosition;
    private final Object[] owner;
    private final Membership membership;
    private int rotation;

    /**
     * @param start where the group starts in each partition: at its start, at its end (past what it holds
     *     now), or at its first message made at most the age ago (at its end when none is that new)
     * @param clock monotonic nanoseconds, for session timeouts
     */
    ConsumerGroup(List<PartitionLog> partitions, StartPosition start, LongSupplier clock) {
        this.partitions = List.copyOf(partitions);
        this.nextPosition = new long[partitions.size()];
        this.owner = new Object[partitions.size()];
        this.membership = new Membership(clock);
        long since = start instanceof StartPosition.Age a ? System.currentTimeMillis() - a.millis() : 0;
        for (int p = 0; p < nextPosition.length; p++) {
            PartitionLog log = partitions.get(p);
            nextPosition[p] = start instanceof StartPosition.End ? log.end() : start instanceof StartPosition.Age ? log.firstAtOrAfter(since) : 0;
        }
    }

    /** A dynamic member joins. */
    synchronized void join(Object member) {
        join(member, null, 0);
    }

    /** A member joins; a static one ({@code instanceId} not null) takes its place back if it is still held. */
    synchronized void join(Object member, String instanceId, long sessionNanos) {
        membership.join(member, instanceId, sessionNanos);
        rebalance();
    }

    /** A member closed: a dynamic one leaves at once, a static one after its session timeout. */
    @Override
    public synchronized void leave(Object member) {
        membership.leave(member);
        rebalance();
    }

    /** A member crashed: its partitions stay with it, unread, until its session timeout. */
    @Override
    public synchronized void crash(Object member) {
        membership.crash(member);
    }

    /** Partition p goes to member p mod n: each member gets a share, and the shares differ by one at most. */
    private void rebalance() {
        List<Object> members = membership.members();
        for (int p = 0; p < owner.length; p++) {
            owner[p] = members.isEmpty() ? null : members.get(p % members.size());
        }
    }

    private void expireSessions() {
        if (membership.expire()) {
            rebalance();
        }
    }

    @Override
    public synchronized int partitionsOf(Object member) {
        expireSessions();
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
        expireSessions();
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
