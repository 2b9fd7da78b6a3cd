package io.kbench.workload;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.kbench.config.DurationParser;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One entry of a workload's {@code consumerEvents:} list: what happens to the consumers of one
 * subscription during the measurement, and when; declared like a fault.
 *
 * @param after when, from the start of the measurement
 * @param type {@code consumer-join}, {@code consumer-leave}, {@code consumer-crash} or {@code worker-restart}, as written
 *     (the checks report one that names none)
 * @param count how many consumers join, leave or crash (default 1); not for worker-restart
 * @param worker the index of the worker whose consumers restart (default 0); only for worker-restart
 * @param subscription the subscription acted on, by its number among the first topic's subscriptions (0 to
 *     {@code subscriptionsPerTopic} − 1, the number its group's name ends with: {@code -sub-N}); default 0. A
 *     worker-restart restarts every consumer of its worker; this says which subscription its figures are of
 */
public record ConsumerEventSpec(Duration after, @JsonDeserialize(using = ConsumerEventSpec.TypeBinder.class) Choice<Kind> type,
                                Integer count, Integer worker, Integer subscription) implements TimelineEvent {

    /** An event of a known kind. */
    public ConsumerEventSpec(Duration after, Kind type, Integer count, Integer worker, Integer subscription) {
        this(after, new Choice.Known<>(type, type.label()), count, worker, subscription);
    }

    /** An event of a known kind on the first subscription. */
    public ConsumerEventSpec(Duration after, Kind type, Integer count, Integer worker) {
        this(after, type, count, worker, null);
    }

    /** "consumer-crash of 2 at 10s", "worker-restart of worker 1 at 20s", "consumer-join of 1 on subscription 1 at 5s". */
    @Override
    public String describe() {
        return (type == null ? null : type.written()) + (count == null ? "" : " of " + count) + (worker == null ? "" : " of worker " + worker)
                + (subscription == null ? "" : " on subscription " + subscription)
                + (after == null ? "" : " at " + DurationParser.format(after));
    }

    /** The subscription's number (0 unless given). */
    public int subscriptionOrDefault() {
        return subscription == null ? 0 : subscription;
    }

    /** The type, once validated. */
    public Kind kind() {
        return type.value().orElseThrow(() -> new IllegalStateException("unvalidated consumer event type " + type.written()));
    }

    /** How many consumers the event affects (1 unless given). */
    public int countOrDefault() {
        return count == null ? 1 : count;
    }

    /** What happens to the consumers; written as its label, e.g. {@code consumer-crash}. */
    public enum Kind {
        /** N new consumers join the subscription. */
        CONSUMER_JOIN,
        /** N consumers close gracefully (they leave the group at once). */
        CONSUMER_LEAVE,
        /** N consumers are abandoned without closing: the group waits for the session timeout. */
        CONSUMER_CRASH,
        /** One worker's consumers close and come back (with the same identities when static). */
        WORKER_RESTART;

        /** As written, e.g. "consumer-join". */
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
            return Labels.require(values(), label, "consumer event type");
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
