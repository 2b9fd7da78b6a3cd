package io.kbench.workload;

import io.kbench.config.DurationParser;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One entry of a workload's {@code consumerEvents:} list: what happens to the consumers of the first
 * subscription during the measurement, and when; declared like a fault.
 *
 * @param after when, from the start of the measurement
 * @param type {@code consumer-join}, {@code consumer-leave}, {@code consumer-crash} or {@code worker-restart}
 * @param count how many consumers join, leave or crash (default 1); not for worker-restart
 * @param worker the index of the worker whose consumers restart (default 0); only for worker-restart
 */
public record ConsumerEventSpec(Duration after, String type, Integer count, Integer worker) implements TimelineEvent {

    /** "consumer-crash of 2 at 10s", "worker-restart of worker 1 at 20s", for messages. */
    @Override
    public String describe() {
        return type + (count == null ? "" : " of " + count) + (worker == null ? "" : " of worker " + worker)
                + (after == null ? "" : " at " + DurationParser.format(after));
    }

    /** The type, once validated. */
    public Kind kind() {
        return Kind.byLabel(type).orElseThrow(() -> new IllegalStateException("unvalidated consumer event type " + type));
    }

    /** How many consumers the event affects (1 unless given). */
    public int countOrDefault() {
        return count == null ? 1 : count;
    }

    /** What happens to the consumers. */
    public enum Kind {
        /** N new consumers join the subscription. */
        CONSUMER_JOIN,
        /** N consumers close gracefully (they leave the group at once). */
        CONSUMER_LEAVE,
        /** N consumers are abandoned without closing: the group waits for the session timeout. */
        CONSUMER_CRASH,
        /** One worker's consumers close and come back (with the same identities when static). */
        WORKER_RESTART;

        /** As written: "consumer-join". */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Optional<Kind> byLabel(String label) {
            return Arrays.stream(values()).filter(k -> k.label().equalsIgnoreCase(label == null ? "" : label.trim())).findFirst();
        }

        public static List<String> labels() {
            return Arrays.stream(values()).map(Kind::label).toList();
        }
    }
}
