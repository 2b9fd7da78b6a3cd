package io.kbench.inmemory;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.DriverException;
import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.ShareGroupSettings.OffsetReset;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A share group of one topic (a queue, as Kafka's KIP-932 defines it): its members share records, not
 * partitions. Each partition keeps, for the records between its start and the next one never
 * delivered, where each is:
 * <ul>
 *   <li>available: not yet delivered, or released, or its lock expired;</li>
 *   <li>acquired: delivered to one member, which holds it until it acknowledges it or the record lock
 *       duration runs out on the clock (then it is available again);</li>
 *   <li>acknowledged (accepted) or archived (rejected, or delivered as often as the delivery count
 *       limit allows): final, never delivered again.</li>
 * </ul>
 * Each acquisition counts one delivery. A partition holds at most {@link #MAX_RECORD_LOCKS} records
 * between its start and its next one (Kafka's {@code group.share.partition.max.record.locks}), so a
 * group that acknowledges nothing stops acquiring.
 *
 * <p>Partitions go to the members as Kafka's simple assignor spreads them: with no more members than
 * partitions, partition p to member p mod n; with more, member i to partition i mod the partition
 * count, so every member reads and several share a partition. A member that crashed keeps its place
 * (and its partitions, and its acquired records until their locks expire) until its session timeout;
 * one that closed releases its acquired records and leaves at once.
 */
final class ShareGroup implements MemberGroup {

    /** Kafka's defaults and, for the delivery count limit, its allowed range. */
    static final Duration DEFAULT_LOCK = Duration.ofSeconds(30);
    static final Duration MIN_LOCK = Duration.ofMillis(1);
    static final Duration MAX_LOCK = Duration.ofHours(1);
    static final int DEFAULT_DELIVERY_COUNT_LIMIT = 5;
    static final int MIN_DELIVERY_COUNT_LIMIT = 2;
    static final int MAX_DELIVERY_COUNT_LIMIT = 10;
    static final int MAX_RECORD_LOCKS = 2000;
    /** Kafka's group.share.session.timeout.ms default. */
    static final Duration SESSION_TIMEOUT = Duration.ofSeconds(45);

    /** One record handed to a member. */
    record Delivery(int partition, long position, StoredMessage message, int deliveryCount) {}

    /** Counters since the group was made. */
    record Stats(long deliveries, long lockExpiries, long archivedAtLimit) {}

    private enum State { AVAILABLE, ACQUIRED, ACCEPTED, ARCHIVED }

    private static final class InFlight {
        State state = State.AVAILABLE;
        int deliveryCount;
        Object owner;
        long lockExpiresAtNanos;
    }

    private static final class SharePartition {
        boolean initialized;
        /** Every record before it is final. */
        long start;
        /** The first record never delivered. */
        long next;
        final TreeMap<Long, InFlight> inFlight = new TreeMap<>();
    }

    private final List<PartitionLog> logs;
    private final SharePartition[] partitions;
    private final Supplier<ShareGroupSettings> settings;
    private final LongSupplier clock;
    private final Membership membership;
    private int rotation;
    private long deliveries;
    private long lockExpiries;
    private long archivedAtLimit;

    /**
     * @param settings the group's settings now (they may change while it lives, as Kafka's group configs do)
     * @param clock monotonic nanoseconds, for record locks and session timeouts
     */
    ShareGroup(List<PartitionLog> logs, Supplier<ShareGroupSettings> settings, LongSupplier clock) {
        this.logs = List.copyOf(logs);
        this.partitions = new SharePartition[logs.size()];
        for (int i = 0; i < partitions.length; i++) {
            partitions[i] = new SharePartition();
        }
        this.settings = settings;
        this.clock = clock;
        this.membership = new Membership(clock);
    }

    /**
     * Refuses settings outside what this system allows, naming the setting and the range.
     *
     * @throws DriverException naming the group, the setting and the allowed range
     */
    static void check(String group, ShareGroupSettings s) {
        Duration lock = s.recordLockDuration();
        if (lock != null && (lock.compareTo(MIN_LOCK) < 0 || lock.compareTo(MAX_LOCK) > 0)) {
            throw new DriverException("share group " + group + ": recordLockDuration " + lock.toMillis() + " ms is out of range: "
                    + "the in-memory cluster allows " + MIN_LOCK.toMillis() + " to " + MAX_LOCK.toMillis() + " ms");
        }
        Integer limit = s.deliveryCountLimit();
        if (limit != null && (limit < MIN_DELIVERY_COUNT_LIMIT || limit > MAX_DELIVERY_COUNT_LIMIT)) {
            throw new DriverException("share group " + group + ": deliveryCountLimit " + limit + " is out of range: the in-memory "
                    + "cluster allows " + MIN_DELIVERY_COUNT_LIMIT + " to " + MAX_DELIVERY_COUNT_LIMIT + " (as Kafka's brokers by default)");
        }
    }

    synchronized void join(Object member) {
        membership.join(member, null, SESSION_TIMEOUT.toNanos());
    }

    /** A member closed: the records it holds become available again (or archived at the limit), and it leaves. */
    @Override
    public synchronized void leave(Object member) {
        expireLocks();
        for (SharePartition sp : partitions) {
            for (InFlight f : sp.inFlight.values()) {
                if (f.state == State.ACQUIRED && f.owner == member) {
                    giveBack(f);
                }
            }
            advance(sp);
        }
        membership.leave(member);
    }

    /** A member crashed: its place, partitions and acquired records stay until its session timeout and their locks run out. */
    @Override
    public synchronized void crash(Object member) {
        membership.crash(member);
    }

    @Override
    public synchronized int partitionsOf(Object member) {
        membership.expire();
        return assigned(member).size();
    }

    /**
     * Acquires up to {@code max} records for {@code member} from the partitions it holds: first the
     * available ones it holds back (released, or whose lock expired), then records never delivered.
     * Each counts one more delivery and is locked for the record lock duration.
     */
    synchronized List<Delivery> acquire(Object member, int max) {
        membership.expire();
        expireLocks();
        List<Delivery> out = new ArrayList<>();
        if (!membership.isAlive(member)) {
            return out;
        }
        List<Integer> held = assigned(member);
        if (held.isEmpty()) {
            return out;
        }
        long lockNanos = lock().toNanos();
        long now = clock.getAsLong();
        rotation = (rotation + 1) % held.size();
        for (int i = 0; i < held.size() && out.size() < max; i++) {
            int p = held.get((rotation + i) % held.size());
            SharePartition sp = initialized(p);
            for (Map.Entry<Long, InFlight> e : sp.inFlight.entrySet()) {
                if (out.size() >= max) {
                    break;
                }
                if (e.getValue().state == State.AVAILABLE) {
                    out.add(acquire(p, e.getKey(), e.getValue(), member, now, lockNanos));
                }
            }
            int room = (int) Math.min(max - out.size(), MAX_RECORD_LOCKS - (sp.next - sp.start));
            if (room > 0) {
                for (StoredMessage ignored : logs.get(p).read(sp.next, room)) {
                    InFlight f = new InFlight();
                    sp.inFlight.put(sp.next, f);
                    out.add(acquire(p, sp.next++, f, member, now, lockNanos));
                }
            }
        }
        return out;
    }

    private Delivery acquire(int partition, long position, InFlight f, Object member, long now, long lockNanos) {
        f.state = State.ACQUIRED;
        f.deliveryCount++;
        f.owner = member;
        f.lockExpiresAtNanos = now + lockNanos;
        deliveries++;
        StoredMessage m = logs.get(partition).read(position, 1).get(0);
        return new Delivery(partition, position, m, f.deliveryCount);
    }

    /**
     * Acknowledges one record {@code member} holds.
     *
     * @return false when the member no longer holds it: its lock expired (the record is available
     *     again, or delivered to someone else, or archived), so the acknowledgement takes no effect
     */
    synchronized boolean acknowledge(Object member, int partition, long position, Acknowledgement ack) {
        expireLocks();
        SharePartition sp = partitions[partition];
        InFlight f = sp.inFlight.get(position);
        if (f == null || f.state != State.ACQUIRED || f.owner != member) {
            return false;
        }
        switch (ack) {
            case ACCEPT -> f.state = State.ACCEPTED;
            case REJECT -> f.state = State.ARCHIVED;
            case RELEASE -> giveBack(f);
            default -> throw new IllegalArgumentException("unknown acknowledgement " + ack);
        }
        f.owner = null;
        advance(sp);
        return true;
    }

    synchronized Stats stats() {
        return new Stats(deliveries, lockExpiries, archivedAtLimit);
    }

    /** Available again, or archived when it was delivered as often as the limit allows. */
    private void giveBack(InFlight f) {
        f.owner = null;
        if (f.deliveryCount >= deliveryCountLimit()) {
            f.state = State.ARCHIVED;
            archivedAtLimit++;
        } else {
            f.state = State.AVAILABLE;
        }
    }

    private void expireLocks() {
        long now = clock.getAsLong();
        for (SharePartition sp : partitions) {
            boolean any = false;
            for (InFlight f : sp.inFlight.values()) {
                if (f.state == State.ACQUIRED && now - f.lockExpiresAtNanos >= 0) {
                    lockExpiries++;
                    giveBack(f);
                    any = true;
                }
            }
            if (any) {
                advance(sp);
            }
        }
    }

    /** Moves the start past the final records at its head, forgetting them. */
    private static void advance(SharePartition sp) {
        while (sp.start < sp.next) {
            InFlight head = sp.inFlight.get(sp.start);
            if (head.state != State.ACCEPTED && head.state != State.ARCHIVED) {
                return;
            }
            sp.inFlight.remove(sp.start++);
        }
    }

    /** Initialized at its first acquisition, as Kafka initializes a share partition at its first fetch. */
    private SharePartition initialized(int p) {
        SharePartition sp = partitions[p];
        if (!sp.initialized) {
            sp.initialized = true;
            sp.start = settings.get().autoOffsetReset() == OffsetReset.LATEST ? logs.get(p).end() : 0;
            sp.next = sp.start;
        }
        return sp;
    }

    private List<Integer> assigned(Object member) {
        List<Object> members = membership.members();
        int index = members.indexOf(member);
        List<Integer> out = new ArrayList<>();
        int n = members.size();
        int count = partitions.length;
        if (index < 0) {
            return out;
        }
        if (n <= count) {
            for (int p = index; p < count; p += n) {
                out.add(p);
            }
        } else {
            out.add(index % count);
        }
        return out;
    }

    private Duration lock() {
        Duration d = settings.get().recordLockDuration();
        return d == null ? DEFAULT_LOCK : d;
    }

    private int deliveryCountLimit() {
        Integer limit = settings.get().deliveryCountLimit();
        return limit == null ? DEFAULT_DELIVERY_COUNT_LIMIT : limit;
    }
}
