package io.kbench.driver;

import java.time.Duration;
import java.util.Objects;

/**
 * Where a consumer group new to a topic starts reading each partition ({@link ConsumerRequest.GroupMember#start()}).
 *
 * <p>It applies only to a partition the group has no position in yet. A group that has read the
 * partition before goes on where it stopped, whatever its new members ask (Kafka: a committed offset wins
 * over {@code auto.offset.reset}), so a member that restarts or joins later reads on, not again.
 *
 * <p>{@link Earliest} is what every driver offers. A driver that cannot start at the {@link End} or at an
 * {@link Age} refuses such a request: its {@code createConsumer} future completes exceptionally with a
 * {@link DriverException} saying so.
 */
public sealed interface StartPosition permits StartPosition.Earliest, StartPosition.End, StartPosition.Age {

    /** From the first record each partition still holds. */
    StartPosition EARLIEST = new Earliest();

    /** From each partition's end: only records written after the member holds the partition. */
    StartPosition END = new End();

    /** From the records at most {@code age} old ({@link Age}). */
    static StartPosition age(Duration age) {
        return new Age(age);
    }

    /**
     * From the first record each partition still holds: what a group reading the run's own topics, or a
     * whole topic, asks for. (Kafka: {@code auto.offset.reset} of the driver file's {@code consumerConfig},
     * {@code earliest} unless the file says otherwise.)
     */
    record Earliest() implements StartPosition {}

    /**
     * From the end of each partition as the member finds it when it gets the partition: the group reads
     * only records written after that (Kafka: {@code auto.offset.reset=latest}). The member counts the
     * partition in {@link BenchmarkConsumer#assignedPartitionCount()} only once that position is known, so
     * nothing written after the count includes it is missed.
     */
    record End() implements StartPosition {}

    /**
     * From the records no older than {@code age}: in each partition, from the first record whose timestamp
     * (ms since the Unix epoch, as the system keeps it: {@link ConsumerCallback.TimestampType}) is at or
     * after <em>now − age</em>, "now" being when the member looks the position up (when it gets the
     * partition, so up to a group join later than the request). Every record after that one is read too,
     * even one with an older timestamp (producers' clocks differ). A partition with no record that new
     * starts at its end, as {@link End}. An age longer than the partition's retention reads all it holds.
     * (Kafka: {@code offsetsForTimes} for each partition the group has no committed offset in, when the
     * member gets it; the end where it finds none.)
     *
     * @param age how far back, positive; whole milliseconds count (finer parts are dropped)
     */
    record Age(Duration age) implements StartPosition {
        public Age {
            Objects.requireNonNull(age, "age");
            if (age.toMillis() <= 0) {
                throw new IllegalArgumentException("a start position's age must be at least 1 ms, got " + age);
            }
        }

        /** The age in whole milliseconds, 1 or more. */
        public long millis() {
            return age.toMillis();
        }
    }
}
