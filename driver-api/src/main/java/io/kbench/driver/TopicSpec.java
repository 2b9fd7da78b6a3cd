package io.kbench.driver;

/** A topic to create: its name and partition count. Replication comes from the driver config. */
public record TopicSpec(String name, int partitions) {
    public TopicSpec {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("topic name must not be blank");
        }
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be at least 1, was " + partitions);
        }
    }
}
