package io.kbench.inmemory;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Who belongs to one group, in the order they joined, with what Kafka's group coordinator does about
 * members that go silent: a member that crashed (or a static member that closed) keeps its place, and
 * so its partitions, until its session timeout runs out on the clock; a static member that comes back
 * under the same instance id within that time takes its place back. Not thread-safe: its group locks.
 */
final class Membership {

    private static final long NEVER = Long.MAX_VALUE;

    /** One place in the group. */
    private static final class Place {
        Object member;
        final String instanceId;
        final long sessionNanos;
        /** When the place goes, on the clock; {@link #NEVER} while its member is alive. */
        long expiresAtNanos = NEVER;

        Place(Object member, String instanceId, long sessionNanos) {
            this.member = member;
            this.instanceId = instanceId;
            this.sessionNanos = sessionNanos;
        }
    }

    private final List<Place> places = new ArrayList<>();
    private final LongSupplier clock;

    /** @param clock monotonic nanoseconds, for session timeouts */
    Membership(LongSupplier clock) {
        this.clock = clock;
    }

    /**
     * Adds a member. A static member ({@code instanceId} not null) whose place is still held takes it
     * over, with the partitions that go with it, fencing whoever held it.
     *
     * @return true when the members' places changed (the partitions move), false when a static member took its place back
     */
    boolean join(Object member, String instanceId, long sessionNanos) {
        if (instanceId != null) {
            for (Place p : places) {
                if (instanceId.equals(p.instanceId)) {
                    p.member = member;
                    p.expiresAtNanos = NEVER;
                    return false;
                }
            }
        }
        places.add(new Place(member, instanceId, sessionNanos));
        return true;
    }

    /**
     * A member closed. A dynamic one leaves at once; a static one keeps its place until its session
     * timeout (as a Kafka static member, which does not leave when it closes).
     *
     * @return true when the members' places changed
     */
    boolean leave(Object member) {
        Place p = placeOf(member);
        if (p == null) {
            return false;
        }
        if (p.instanceId != null) {
            p.expiresAtNanos = clock.getAsLong() + p.sessionNanos;
            return false;
        }
        places.remove(p);
        return true;
    }

    /** A member went silent without a word: it keeps its place until its session timeout. */
    void crash(Object member) {
        Place p = placeOf(member);
        if (p != null) {
            p.expiresAtNanos = clock.getAsLong() + p.sessionNanos;
        }
    }

    /**
     * Removes the places whose session timeout has run out.
     *
     * @return true when some went (the partitions move)
     */
    boolean expire() {
        long now = clock.getAsLong();
        return places.removeIf(p -> p.expiresAtNanos != NEVER && now - p.expiresAtNanos >= 0);
    }

    /** The members holding places, alive or silent within their session, in the order they joined. */
    List<Object> members() {
        List<Object> out = new ArrayList<>(places.size());
        places.forEach(p -> out.add(p.member));
        return out;
    }

    /** Whether {@code member} holds a place and is alive (not crashed, not closed). */
    boolean isAlive(Object member) {
        Place p = placeOf(member);
        return p != null && p.expiresAtNanos == NEVER;
    }

    private Place placeOf(Object member) {
        for (Place p : places) {
            if (p.member == member) {
                return p;
            }
        }
        return null;
    }
}
