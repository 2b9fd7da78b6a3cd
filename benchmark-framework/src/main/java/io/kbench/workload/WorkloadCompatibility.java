package io.kbench.workload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Function;

/**
 * Every field a workload file may carry only because OpenMessaging Benchmark or its Redpanda fork
 * has it, with what happens to it: used, ignored (with a note when the file gives it), or refused
 * (one line saying what to use instead). docs/workload-reference.md's table is {@link #markdownRows()}.
 */
public final class WorkloadCompatibility {

    public enum Fate { USED, IGNORED, REFUSED }

    /**
     * @param name the file's field name
     * @param from where the field comes from: OMB or the Redpanda fork
     * @param fate what happens to it
     * @param doc what happens, in the words of the reference's table
     * @param note printed once when the file gives an ignored field, else null
     * @param refusal the problem with the workload's value, or null when it is allowed
     */
    public record Field(String name, String from, Fate fate, String doc, String note, Function<Workload, String> refusal) {}

    private static final String OMB = "OMB";
    private static final String REDPANDA = "Redpanda fork";
    private static final String OMB_458 = "OMB (PR #458)";
    private static final String NO_SOURCE = "none found";
    private static final String NO_MEANING = "neither OMB, nor its Redpanda fork, nor any fork found defines it, so it has no "
            + "meaning to honour; to stop the producers while a backlog drains, use drainProducerRate: 0 (or consumerOnly: true)";

    public static final List<Field> FIELDS = List.of(
            new Field("logIntervalMillis", OMB, Fate.IGNORED, "Accepted (at least 100) and ignored. Use `--progress-interval`.",
                    "logIntervalMillis (OpenMessaging Benchmark's progress interval) is ignored: progress lines come every "
                            + "--progress-interval (default 5s)",
                    w -> w.logIntervalMillis() != null && w.logIntervalMillis() < 100
                            ? "logIntervalMillis must be at least 100, got " + w.logIntervalMillis() : null),
            new Field("randomTopicNames", OMB, Fate.IGNORED, "Accepted and ignored: topic names are always unique per run.",
                    "randomTopicNames is ignored: topic names are always unique per run (they carry the run id)", w -> null),
            new Field("acceptableBacklog", OMB, Fate.IGNORED, "Accepted and ignored: a search step may not let the backlog grow at all.",
                    "acceptableBacklog is ignored: no step of a max-rate search may let the backlog grow at all", w -> null),
            new Field("producerStartRate", OMB, Fate.USED, "Used: the seed of the search that `producerRate: 0` asks for.",
                    null, w -> null),
            new Field("producerIncrementRate", OMB, Fate.REFUSED, "Refused unless 0. Use `producerRateRamp` or `producerRateSteps`.",
                    null, w -> w.producerIncrementRate() != 0
                            ? "producerIncrementRate (OpenMessaging Benchmark's rate ramp) is not supported: remove it" : null),
            new Field("producerIncrementSeconds", OMB, Fate.IGNORED, "Accepted and ignored (it goes with `producerIncrementRate`).",
                    "producerIncrementSeconds is ignored: it goes with producerIncrementRate, which is not supported "
                            + "(use producerRateRamp or producerRateSteps)", w -> null),
            new Field("producerPauseBeforeDrain", NO_SOURCE, Fate.REFUSED, "Refused unless 0: no OMB release or fork found defines "
                    + "it. To stop the producers while a backlog drains, use `drainProducerRate: 0`.", null,
                    w -> w.producerPauseBeforeDrain() != 0 ? "producerPauseBeforeDrain is not supported: " + NO_MEANING : null),
            new Field("producerPauseDuringDrain", NO_SOURCE, Fate.REFUSED, "Refused unless 0, as `producerPauseBeforeDrain`.", null,
                    w -> w.producerPauseDuringDrain() != 0 ? "producerPauseDuringDrain is not supported: " + NO_MEANING : null),
            new Field("messageRateReceivedForSubscription", OMB, Fate.REFUSED,
                    "Refused unless 100: filtered subscriptions are not supported.", null,
                    w -> w.messageRateReceivedForSubscription() != 100
                            ? "messageRateReceivedForSubscription must be 100: filtered subscriptions are not supported" : null),
            new Field("consumerOnly", REDPANDA, Fate.USED, "Used: the producers stop while a backlog drains (as "
                    + "`drainProducerRate: 0`). Needs a backlog: `consumerBacklogSizeGB`, `consumeDelaySeconds` or `catchUp`.", null,
                    w -> w.consumerOnly() && w.producersPerTopic() > 0 && !w.consumesExistingOnly() && !w.drainsABacklog()
                            ? "consumerOnly stops the producers while a backlog drains, and this workload builds none: give "
                            + "consumerBacklogSizeGB, consumeDelaySeconds or a catchUp section, or remove consumerOnly (for a "
                            + "consume-only run, use producersPerTopic: 0 with prefillMessages or existing topics)" : null),
            new Field("drainProducerRate", REDPANDA, Fate.USED, "Used: the producers' rate (msg/s) while a backlog drains or "
                    + "groups catch up; -1 (the default) keeps `producerRate`, 0 stops them (the fork keeps about 1 msg/s).", null,
                    w -> w.drainProducerRate() == null || w.drainProducerRate() == -1 ? null
                            : w.drainProducerRate() < -1 ? "drainProducerRate must be -1 (unset), 0 (stopped) or a rate in msg/s, got "
                            + w.drainProducerRate()
                            : !w.drainsABacklog() ? "drainProducerRate sets the producers' rate while a backlog drains, and this "
                            + "workload builds none: give consumerBacklogSizeGB, consumeDelaySeconds or a catchUp section, or remove it"
                            : w.shapedRate() ? "drainProducerRate cannot interrupt a ramp or steps: give one producerRate, or remove "
                            + "drainProducerRate" : null),
            new Field("consumeDelaySeconds", OMB_458, Fate.USED, "Used: after the warmup the consumers that drain (all, or the "
                    + "`catchUp` groups) stay paused this long, so a backlog builds by time (e.g. for a remote tier to take it).", null,
                    w -> w.consumeDelaySeconds() == null || w.consumeDelaySeconds() == 0 ? null
                            : w.consumeDelaySeconds() < 0 ? "consumeDelaySeconds must be 0 or more, got " + w.consumeDelaySeconds()
                            : w.subscriptionsPerTopic() == 0 || w.producersPerTopic() == 0 || w.consumesExistingOnly()
                            ? "consumeDelaySeconds pauses consumers while producers build a backlog: it needs both" : null),
            new Field("existingTopicList", REDPANDA, Fate.USED, "Used: the same as `existingTopics`.", null,
                    w -> w.existingTopicList() != null && w.existingTopics() != null
                            ? "existingTopicList is the Redpanda fork's name for existingTopics: give one of them" : null),
            new Field("existingProduceTopicList", REDPANDA, Fate.USED, "Used: existing topics the producers write and no "
                    + "subscription reads.", null, w -> null),
            new Field("existingConsumeTopicList", REDPANDA, Fate.USED, "Used: existing topics the subscriptions read (from where "
                    + "`catchUp.from` says) and no producer writes; alone, a consume-only run.", null, w -> null),
            new Field("sampleRateMillis", REDPANDA, Fate.USED, "Used: the length of the periods the result keeps, ms (at least 100); "
                    + "`--sample-interval` wins when given. A run too long for 2,000 of them gets a whole multiple (see "
                    + "[soak runs](guide/soak.md#a-run-of-days-what-it-costs-the-machines)).", null,
                    w -> w.sampleRateMillis() != null && w.sampleRateMillis() < 100
                            ? "sampleRateMillis must be at least 100, got " + w.sampleRateMillis() : null),
            new Field("partitionWeights", REDPANDA, Fate.USED,
                    "Used: producers pick each message's partition by these weights, a list (one per partition) or the fork's "
                            + "map with `\"*\"` for the others. Not with keys. See [partitions](#keys-and-partitions).", null, w -> null),
            new Field("messageSizeDistribution", OMB, Fate.USED,
                    "Used: each message's size is drawn from these weighted buckets (`\"from-to\": weight`, from included, to "
                            + "not), uniformly within its bucket. See [sizes](#sizes-payloads-and-headers).", null, w -> null));

    private WorkloadCompatibility() {}

    /** A problem for each refused value. */
    static List<Problem> problems(Workload w) {
        return FIELDS.stream().filter(f -> f.refusal().apply(w) != null)
                .map(f -> new Problem(f.name(), f.refusal().apply(w))).toList();
    }

    /** A note for each ignored field the file gives. */
    static List<String> notes(ObjectNode file) {
        return FIELDS.stream().filter(f -> f.note() != null && file.has(f.name())).map(Field::note).toList();
    }

    /** The reference's table rows, one per field. */
    public static List<String> markdownRows() {
        return FIELDS.stream().map(f -> "| `" + f.name() + "` | " + f.from() + " | " + f.doc() + " |").toList();
    }
}
