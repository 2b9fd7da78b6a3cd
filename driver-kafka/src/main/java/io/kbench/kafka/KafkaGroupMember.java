package io.kbench.kafka;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.GroupMembership;

/**
 * A consumer group member of the Kafka driver: {@link KafkaBenchmarkConsumer}'s poll loop over a
 * {@link CrashableKafkaConsumer}, so that it can also be closed as a crash.
 */
final class KafkaGroupMember implements BenchmarkConsumer {

    private final KafkaBenchmarkConsumer member;
    private final CrashableKafkaConsumer client;
    private final GroupMembership membership;

    KafkaGroupMember(KafkaBenchmarkConsumer member, CrashableKafkaConsumer client, GroupMembership membership) {
        this.member = member;
        this.client = client;
        this.membership = membership;
    }

    @Override
    public GroupMembership groupMembership() {
        return membership;
    }

    @Override
    public int assignedPartitionCount() {
        return member.assignedPartitionCount();
    }

    @Override
    public void pause() {
        member.pause();
    }

    @Override
    public void resume() {
        member.resume();
    }

    @Override
    public void close() throws InterruptedException {
        member.close();
    }

    /**
     * Stops the poll loop and closes the client without a LeaveGroup (classic) or leave heartbeat
     * (consumer protocol): the group keeps the member until its session timeout. The commit of what
     * the last poll delivered may still go out (the poll loop commits after every poll, and the classic
     * consumer on its partitions' revocation): a real crash could lose it and deliver those messages again.
     */
    @Override
    public void closeAsCrash() throws InterruptedException {
        client.crashOnClose();
        member.close();
    }
}
