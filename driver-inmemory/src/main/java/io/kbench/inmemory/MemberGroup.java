package io.kbench.inmemory;

/** What a member asks of its group, be it a consumer group ({@link ConsumerGroup}) or a share group ({@link ShareGroup}). */
interface MemberGroup {

    /** The member closed: it leaves (a static member of a consumer group only once its session timeout runs out). */
    void leave(Object member);

    /** The member crashed: the group keeps it, with its partitions, until its session timeout. */
    void crash(Object member);

    /** The partitions the group assigns the member now. */
    int partitionsOf(Object member);
}
