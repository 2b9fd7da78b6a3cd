package io.kbench.driver;

import java.util.Objects;

/**
 * Where a config lives on a cluster, for {@link ClusterOperations#configs} and {@link ClusterOperations#alterConfigs}.
 *
 * @param kind a topic's, one broker's, or the default of every broker
 * @param name the topic's name, or the broker's id as text; empty for {@link Kind#BROKER_DEFAULT}
 */
public record ConfigScope(Kind kind, String name) {

    public enum Kind {
        TOPIC,
        BROKER,
        BROKER_DEFAULT
    }

    public ConfigScope {
        Objects.requireNonNull(kind, "kind");
        name = name == null ? "" : name;
    }

    public static ConfigScope topic(String topic) {
        return new ConfigScope(Kind.TOPIC, topic);
    }

    public static ConfigScope broker(int brokerId) {
        return new ConfigScope(Kind.BROKER, Integer.toString(brokerId));
    }

    public static ConfigScope brokerDefault() {
        return new ConfigScope(Kind.BROKER_DEFAULT, "");
    }

    /** "topic t1", "broker 2", "every broker (cluster default)", for messages. */
    public String describe() {
        return switch (kind) {
            case TOPIC -> "topic " + name;
            case BROKER -> "broker " + name;
            case BROKER_DEFAULT -> "every broker (cluster default)";
        };
    }
}
