package io.kbench.driver;

import java.util.Optional;

/**
 * A member of one consumer group, delivering to a {@link ConsumerCallback} on its own thread; or a
 * member of one share group, delivering to a {@link ShareConsumerCallback} (what
 * {@link BenchmarkDriver#createConsumer(ConsumerRequest)} was asked for). Its methods are called from
 * the framework's threads, never from the callback.
 */
public interface BenchmarkConsumer extends AutoCloseable {

    /**
     * The number of partitions currently assigned to this member, 0 or more; 0 once closed. The framework counts a
     * subscription ready only when its members together hold every partition of the topic. In a share
     * group several members may hold one partition, so there the members' counts add up to at least
     * the partition count, and every member that may fetch holds at least one.
     */
    int assignedPartitionCount();

    /**
     * Stops fetching without leaving the group (used to build a backlog): at most the records already
     * fetched are delivered after this returns, and none once the driver's next fetch would have come
     * (the conformance suite allows one second). The member keeps its partitions.
     */
    void pause();

    /** Resumes fetching after {@link #pause()}, from where the member stopped; does nothing when not paused. */
    void resume();

    /**
     * Stops delivering at once, as {@link #close()} does, but leaves the group as a crashed process
     * would: without telling it. The group keeps this member, and the partitions it holds, until the
     * session timeout runs out, and only then hands them to other members; a static member that comes
     * back under the same {@link ConsumerRequest.GroupMember#groupInstanceId()} within that time gets them back.
     * Messages delivered but not acknowledged (committed, or for a share consumer, acknowledged) are
     * delivered again. No callback runs after this returns, and the client's resources are released; a
     * later {@link #close()} does nothing.
     *
     * <p>Only for drivers that declare {@link ConsumerFeature#CRASH_CLOSE}; a driver documents how
     * close its crash comes to a real one. The default refuses with a {@link DriverException}.
     */
    default void closeAsCrash() throws Exception {
        throw new DriverException(getClass().getSimpleName() + " cannot be closed as a crash: its driver does not declare "
                + "ConsumerFeature.CRASH_CLOSE; close it gracefully instead");
    }

    /**
     * The protocol and static membership this consumer group member runs with, as the driver resolved
     * them (request &gt; driver file &gt; default), for the result. Asked once, after the member is created.
     * Empty says nothing: a share consumer, or a driver that does not tell (the default).
     */
    default Optional<GroupMembership> groupMembership() {
        return Optional.empty();
    }

    @Override
    void close() throws Exception;
}
