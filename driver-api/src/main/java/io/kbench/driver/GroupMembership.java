package io.kbench.driver;

import io.kbench.driver.ConsumerRequest.GroupProtocol;
import java.util.Objects;

/**
 * How a consumer group member was actually made, as its driver resolved it from the
 * {@link ConsumerRequest.GroupMember} it was asked for, the driver file's settings and the client's defaults
 * ({@link BenchmarkConsumer#groupMembership()}). The framework records it in the result, so a reader
 * learns which protocol the members ran with even when the workload left it unset.
 *
 * @param protocol the group protocol the member speaks
 * @param protocolFrom where that protocol came from
 * @param staticMember the member has a stable identity of its own that was asked for (Kafka:
 *     {@code group.instance.id} from the options or the driver file); an identity a driver makes up for
 *     its own purposes (Kafka: one per consumer-protocol member, to close it as a crash) does not count
 */
public record GroupMembership(GroupProtocol protocol, Source protocolFrom, boolean staticMember) {

    public GroupMembership {
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(protocolFrom, "protocolFrom");
    }

    /** Where a member's protocol came from, the first that gives one winning. */
    public enum Source {
        /** {@link ConsumerRequest.GroupMember#protocol()}: the framework asked for it (the workload's setting). */
        OPTIONS,
        /** The driver file's own settings (Kafka: {@code group.protocol} in {@code consumerConfig}). */
        DRIVER_CONFIG,
        /** Nobody chose: the driver's or its client's default (Kafka 4.3.1's clients: classic). */
        DEFAULT
    }
}
