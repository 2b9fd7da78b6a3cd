package io.kbench.driver;

/** A member of one consumer group, delivering to a {@link ConsumerCallback} on its own thread. */
public interface BenchmarkConsumer extends AutoCloseable {

    /**
     * The number of partitions currently assigned to this member. The framework counts a
     * subscription ready only when its members together hold every partition of the topic.
     */
    int assignedPartitionCount();

    /** Stops fetching without leaving the group (used to build a backlog). */
    void pause();

    /** Resumes fetching after {@link #pause()}. */
    void resume();

    @Override
    void close() throws Exception;
}
