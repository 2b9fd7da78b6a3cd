package io.kbench.workload;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.kbench.config.DurationParser;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One entry of a workload's {@code operations:} list: a change an operator makes to the cluster during the
 * measurement (a rolling restart, a reassignment, a config change), and when. Timed like a fault; unlike a fault it
 * may act on a cluster kbench did not start (through the cluster's admin interface), and what it changed is put back
 * when the run ends. Which fields an operation takes is in {@link Kind}; the checks refuse the others.
 *
 * @param after when, from the start of the measurement
 * @param type one of {@link Kind#labels()}, as written
 * @param topics the topics acted on (reassign-partitions, add-partitions, alter-config of topics, elect-leaders);
 *     default: every topic of the run
 * @param brokers rolling-restart: the brokers in the order they restart (default: every broker, by id);
 *     reassign-partitions: the brokers replicas move onto
 * @param from reassign-partitions: the brokers replicas move off
 * @param broker alter-config with {@code scope: broker}: the broker whose config changes; remove-broker: the broker removed
 * @param share reassign-partitions, add-broker: the share of the partitions moved, above 0 and at most 1 (reassign:
 *     default 1; add-broker: default 1 / brokers after the addition, its fair share)
 * @param throttleMBPerSecond reassign-partitions, add-broker, remove-broker: the replication throttle while replicas
 *     move, MB/s (MB = 1,048,576 bytes) per broker, as Kafka applies it; at least 1; default none
 * @param pause rolling-restart: the wait after a broker is back and no partition is under-replicated, before the next
 * @param partitions add-partitions: the partition count each topic grows to
 * @param scope alter-config: {@code topic} (default), {@code broker} or {@code cluster} (the default of every broker)
 * @param configs alter-config: the configs set, name to value
 * @param keep leave the change in place when the run ends (reassignments and configs are put back otherwise)
 * @param timeout how long the operation may take until the cluster says it is done (default 10 min)
 */
public record OperationSpec(
        Duration after,
        @JsonDeserialize(using = OperationSpec.TypeBinder.class) Choice<Kind> type,
        List<String> topics,
        List<Integer> brokers,
        List<Integer> from,
        Integer broker,
        Double share,
        Double throttleMBPerSecond,
        Duration pause,
        Integer partitions,
        String scope,
        Map<String, String> configs,
        Boolean keep,
        Duration timeout) implements TimelineEvent {

    /** How long an operation may take by default until the cluster says it is done. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

    public OperationSpec {
        topics = topics == null ? null : List.copyOf(topics);
        brokers = brokers == null ? null : List.copyOf(brokers);
        from = from == null ? null : List.copyOf(from);
        configs = configs == null ? null : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(configs));
    }

    /** The kind, once validated. */
    public Kind kind() {
        return type.value().orElseThrow(() -> new IllegalStateException("unvalidated operation type " + type.written()));
    }

    public boolean keepOrDefault() {
        return keep != null && keep;
    }

    public Duration timeoutOrDefault() {
        return timeout == null ? DEFAULT_TIMEOUT : timeout;
    }

    public Duration pauseOrDefault() {
        return pause == null ? Duration.ZERO : pause;
    }

    /** "reassign-partitions at 20s", "alter-config of broker 1 at 10s", for messages. */
    @Override
    public String describe() {
        return (type == null ? null : type.written()) + (broker == null ? "" : " of broker " + broker)
                + (after == null ? "" : " at " + DurationParser.format(after));
    }

    /** What an operation does; written as its label, e.g. {@code rolling-restart}. */
    public enum Kind {
        /** Each broker in turn: a controlled shutdown, a start on its data, until no partition is under-replicated. */
        ROLLING_RESTART(true),
        /** Replicas of the run's topics move: onto brokers, off brokers, or every replica set rotated by one broker. */
        REASSIGN_PARTITIONS(false),
        /** A new broker joins and a share of the partitions moves onto it. */
        ADD_BROKER(true),
        /** A broker's partitions move off it, then it stops and leaves the cluster. */
        REMOVE_BROKER(true),
        /** Topics grow to more partitions. */
        ADD_PARTITIONS(false),
        /** A topic's config, one broker's, or the default of every broker changes. */
        ALTER_CONFIG(false),
        /** A preferred leader election for the run's topics. */
        ELECT_LEADERS(false);

        private final boolean needsStartedCluster;

        Kind(boolean needsStartedCluster) {
            this.needsStartedCluster = needsStartedCluster;
        }

        /** Whether it starts or stops brokers, which only a cluster the run started lets it do. */
        public boolean needsStartedCluster() {
            return needsStartedCluster;
        }

        /** As written, e.g. "rolling-restart". */
        @JsonValue
        public String label() {
            return Labels.of(this);
        }

        /** The kind a label names, in any case and with spaces around; empty when it names none. */
        public static Optional<Kind> byLabel(String label) {
            return Labels.find(values(), label);
        }

        /** The kind a result names (strict: a result holds only labels kbench wrote). */
        @JsonCreator
        public static Kind fromLabel(String label) {
            return Labels.require(values(), label, "operation type");
        }

        public static List<String> labels() {
            return Labels.all(values());
        }
    }

    /** Binds {@code type:} by {@link Kind}'s labels, keeping text that names none for the checks. */
    static final class TypeBinder extends Choice.Binder<Kind> {
        private static final long serialVersionUID = 1L;

        TypeBinder() {
            super(Kind::byLabel);
        }
    }
}
