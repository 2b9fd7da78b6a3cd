package io.kbench.kafka;

import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.CloseOptions.GroupMembershipOperation;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * A {@link KafkaConsumer} that, once told to crash, closes without leaving its group
 * ({@code CloseOptions.groupMembershipOperation(REMAIN_IN_GROUP)}, KIP-1092): the group coordinator
 * keeps the member, with its partitions, until its session timeout, as after a crash. A subclass so
 * that {@link KafkaBenchmarkConsumer}, which closes its client with
 * {@link #close(Duration)}, stays as it is.
 */
final class CrashableKafkaConsumer extends KafkaConsumer<byte[], byte[]> {

    private final boolean leaveOnClose;
    private volatile boolean crash;

    /**
     * @param leaveOnClose a graceful close leaves the group explicitly (LEAVE_GROUP): for a member made
     *     static only to be crashable ({@link ProtocolChoice}), which would otherwise stay until its session timeout
     */
    CrashableKafkaConsumer(Properties properties, boolean leaveOnClose) {
        super(properties);
        this.leaveOnClose = leaveOnClose;
    }

    /** The next close stays in the group. */
    void crashOnClose() {
        crash = true;
    }

    @Override
    public void close(Duration timeout) {
        if (crash) {
            close(CloseOptions.groupMembershipOperation(GroupMembershipOperation.REMAIN_IN_GROUP).withTimeout(timeout));
        } else if (leaveOnClose) {
            close(CloseOptions.groupMembershipOperation(GroupMembershipOperation.LEAVE_GROUP).withTimeout(timeout));
        } else {
            super.close(timeout);
        }
    }
}
