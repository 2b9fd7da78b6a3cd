package io.kbench.driver;

/** Called once per message by the driver when its send is acknowledged or has failed. */
@FunctionalInterface
public interface SendCompletion {

    /** The partition of a failed send whose partition the driver does not know (the client had not chosen one yet). */
    int UNKNOWN_PARTITION = -1;

    /**
     * The send is over: acknowledged, or failed.
     *
     * <p>The partition is what lets the framework count messages and bytes per partition from the producers' side
     * (a hot key, a partition weight), so a driver must pass the one the system wrote the message to, also when the
     * client's partitioner chose it (Kafka: {@code RecordMetadata.partition()}). Passing an {@code int} keeps the
     * completion free of allocation.
     *
     * @param partition when acknowledged, the partition the message was written to, 0 to the topic's partitions − 1;
     *     when failed, the partition it was meant for, or {@link #UNKNOWN_PARTITION} (-1) when the driver does not know
     * @param error {@code null} when the broker acknowledged the message, else the cause
     */
    void completed(int partition, Throwable error);

    /**
     * The message was acknowledged ({@link #completed} ran with a {@code null} error), but the transaction it was
     * sent in was then aborted: it will never reach consumers that read committed data only. Only drivers
     * that send in transactions call it, at most once per message, after the acknowledgement.
     */
    default void aborted() {}
}
