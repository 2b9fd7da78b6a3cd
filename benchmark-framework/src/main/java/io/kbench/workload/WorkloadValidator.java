package io.kbench.workload;

import io.kbench.config.DurationParser;
import io.kbench.driver.Fault;
import io.kbench.driver.FaultType;
import io.kbench.driver.NearestName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a bound {@link Workload} for values that are impossible or contradictory, before anything
 * touches a cluster. Every problem is reported, not only the first.
 */
public final class WorkloadValidator {

    /** Sanity bound for one message; Kafka's own limit (max.request.size) is usually far lower. */
    static final int MAX_MESSAGE_SIZE = 64 * 1024 * 1024;

    private WorkloadValidator() {}

    public static List<Problem> validate(Workload w) {
        return validate(w, false);
    }

    /**
     * @param search the workload is to be searched for its max rate (bin/benchmark find-max), which
     *     sets the rate itself; producerRate 0 asks for the same search (OMB's rate discovery)
     */
    public static List<Problem> validate(Workload w, boolean search) {
        List<Problem> problems = new ArrayList<>();
        Checks c = new Checks(problems);

        if (w.name() == null || w.name().isBlank()) {
            c.add("name", "name must not be blank");
        }
        c.atLeast("topics", w.topics(), 1);
        if (w.partitionsPerTopic() != null) {
            c.atLeast("partitionsPerTopic", w.partitionsPerTopic(), 1);
        }
        checkExistingTopics(w, c);
        c.atLeast("producersPerTopic", w.producersPerTopic(), 0);
        c.atLeast("subscriptionsPerTopic", w.subscriptionsPerTopic(), 0);
        c.atLeast("consumerPerSubscription", w.consumerPerSubscription(), 0);

        checkPayload(w, c);
        checkShape(w, c);
        checkRate(w, c);
        checkLength(w, c);
        checkBacklog(w, c);
        problems.addAll(WorkloadCompatibility.problems(w));
        TrafficChecks.check(w, problems);
        checkFaults(w, c);
        SubscriptionChecks.check(w, search, problems);
        OperationChecks.check(w, search, problems);
        PastReadChecks.check(w, search, problems);
        DriftChecks.check(w, problems);
        if (search) {
            checkSearch(w, c, "find-max searches for the highest rate", "producerRate");
        } else if (w.producerRate() != null && w.producerRate() == 0 && !w.shapedRate()) {
            checkSearch(w, c, "producerRate 0 (OpenMessaging Benchmark's rate discovery) searches for the highest rate", null);
        }
        return problems;
    }

    private static void checkPayload(Workload w, Checks c) {
        if (w.messageSize() == null) {
            // a consume-only run of existing topics sends nothing
            if (w.payloadFile() == null && !TrafficChecks.sizesDrawn(w) && !w.consumesExistingOnly()) {
                c.add("messageSize", "messageSize is required: the payload size in bytes (or give a payloadFile, payloads, "
                        + "messageSizes or messageSizeDistribution)");
            }
        } else if (w.messageSize() < 1 || w.messageSize() > MAX_MESSAGE_SIZE) {
            c.add("messageSize", "messageSize must be between 1 and " + MAX_MESSAGE_SIZE + " bytes, got " + w.messageSize());
        }
        if (w.useRandomizedPayloads() && w.payloadFile() != null) {
            c.add("useRandomizedPayloads", "useRandomizedPayloads and payloadFile exclude each other: choose one");
        }
        if (w.useRandomizedPayloads()) {
            if (w.randomBytesRatio() < 0 || w.randomBytesRatio() > 1) {
                c.add("randomBytesRatio", "randomBytesRatio must be between 0.0 and 1.0, got " + w.randomBytesRatio());
            }
            c.atLeast("randomizedPayloadPoolSize", w.randomizedPayloadPoolSize(), 1);
        }
    }

    private static void checkShape(Workload w, Checks c) {
        if (w.producersPerTopic() == 0 && w.subscriptionsPerTopic() == 0) {
            c.add("producersPerTopic", "the workload has no producers and no subscriptions: set producersPerTopic or subscriptionsPerTopic");
        }
        if (w.subscriptionsPerTopic() > 0 && w.consumerPerSubscription() < 1) {
            c.add("consumerPerSubscription", "consumerPerSubscription must be at least 1 when subscriptionsPerTopic is "
                    + w.subscriptionsPerTopic());
        }
        if (w.producersPerTopic() == 0 && w.subscriptionsPerTopic() > 0 && !w.consumeOnly() && !w.consumesExistingOnly()) {
            c.add("producersPerTopic", "a consume-only workload (producersPerTopic: 0) needs prefillMessages (the messages "
                    + "to produce before the consumers start) or existing topics to read (existingTopics)");
        }
        if (w.prefillMessages() != null) {
            if (w.prefillMessages() < 1) {
                c.add("prefillMessages", "prefillMessages must be at least 1, got " + w.prefillMessages());
            }
            if (w.producersPerTopic() > 0) {
                c.add("prefillMessages", "prefillMessages is for consume-only runs (producersPerTopic: 0); "
                        + "to measure consumers behind a backlog while producing, use consumerBacklogSizeGB");
            }
            if (w.subscriptionsPerTopic() == 0) {
                c.add("prefillMessages", "prefillMessages needs consumers: set subscriptionsPerTopic");
            }
        }
        if (w.maxInFlightMessages() != null) {
            if (w.maxInFlightMessages() < 1) {
                c.add("maxInFlightMessages", "maxInFlightMessages must be at least 1, got " + w.maxInFlightMessages());
            }
            if (w.subscriptionsPerTopic() != 1 || w.producersPerTopic() < 1) {
                c.add("maxInFlightMessages", "maxInFlightMessages counts messages until they are consumed: it needs producers "
                        + "and exactly one subscription per topic (subscriptionsPerTopic: 1)");
            }
        }
        if (w.cku() != null && w.cku() < 1) {
            c.add("cku", "cku must be at least 1, got " + w.cku());
        }
    }

    private static void checkRate(Workload w, Checks c) {
        Double rate = w.producerRate();
        if (w.shapedRate()) {
            checkRateShape(w, c);
            return;
        }
        if (rate == null) {
            if (w.producersPerTopic() > 0 && w.cku() == null && !w.consumesExistingOnly()) {
                c.add("producerRate", "producerRate is required: messages per second across all producers, or -1 for unthrottled "
                        + "(or give cku to produce at the CKUs' ingress)");
            }
            return;
        }
        if (w.producersPerTopic() == 0) {
            c.add("producerRate", "producerRate is set but the workload has no producers (producersPerTopic: 0)");
        } else if (rate == 0) {
            return; // a max-rate search: see checkSearch
        } else if (rate < 0 && rate != Workload.UNTHROTTLED) {
            c.add("producerRate", "producerRate must be a positive number of messages per second, or -1 for unthrottled; got " + rate);
        } else if (Double.isNaN(rate) || Double.isInfinite(rate)) {
            c.add("producerRate", "producerRate must be a finite number");
        }
    }

    /** Topics the run uses as they are: named, each once, agreeing with topics, never prefilled. */
    private static void checkExistingTopics(Workload w, Checks c) {
        List<String> all = w.allExistingTopics();
        if (all == null) {
            return;
        }
        Set<String> seen = new HashSet<>();
        checkTopicList("existingTopics", w.existingTopics(), seen, c);
        checkTopicList("existingTopicList", w.existingTopicList(), seen, c);
        checkTopicList("existingProduceTopicList", w.existingProduceTopicList(), seen, c);
        checkTopicList("existingConsumeTopicList", w.existingConsumeTopicList(), seen, c);
        String field = w.existingTopics() != null ? "existingTopics" : "the existing topic lists";
        if (!all.isEmpty() && w.topics() != all.size()) {
            c.add("topics", field + (w.existingTopics() != null ? " lists " : " name ") + all.size() + " topic(s) but topics is " + w.topics()
                    + ": remove topics (the list sets it) or make them agree");
        }
        if (w.consumeOnly()) {
            c.add(w.existingTopics() != null ? "existingTopics" : "prefillMessages", "a consume-only run (prefillMessages) needs "
                    + "topics of its own: remove " + field + ", or prefillMessages to read what the topics hold");
        }
    }

    /** One list of existing topics: not empty, no blank name, no name twice (in it or in the lists before it). */
    private static void checkTopicList(String field, List<String> names, Set<String> seen, Checks c) {
        if (names == null) {
            return;
        }
        if (names.isEmpty()) {
            c.add(field, field + " is empty: name the topics to run on, or remove it to let the run create its own");
            return;
        }
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            if (n == null || n.isBlank()) {
                c.at(List.of(field, i), field + "[" + i + "] is blank: give a topic name");
            } else if (!seen.add(n)) {
                c.at(List.of(field, i), field + " names " + n + " twice (a topic is in one list only)");
            }
        }
    }

    /** A ramp or steps instead of one producerRate: never both, never with producerRate. */
    private static void checkRateShape(Workload w, Checks c) {
        if (w.producerRateRamp() != null && w.producerRateSteps() != null) {
            c.add("producerRateSteps", "producerRateRamp and producerRateSteps exclude each other: give one");
        }
        String shape = w.producerRateRamp() != null ? "producerRateRamp" : "producerRateSteps";
        if (w.producerRate() != null) {
            c.add(shape, shape + " and producerRate exclude each other: the " + (shape.equals("producerRateRamp") ? "ramp" : "steps")
                    + " set the rate; remove producerRate");
        }
        if (w.producersPerTopic() == 0) {
            c.add(shape, shape + " is set but the workload has no producers (producersPerTopic: 0)");
        }
        RateRamp ramp = w.producerRateRamp();
        if (ramp != null) {
            rate(c, List.of("producerRateRamp", "from"), "producerRateRamp.from", ramp.from());
            rate(c, List.of("producerRateRamp", "to"), "producerRateRamp.to", ramp.to());
            if (ramp.over() == null || ramp.over().isZero() || ramp.over().isNegative()) {
                c.at(List.of("producerRateRamp", "over"), "producerRateRamp.over must be a duration longer than zero, e.g. 60s");
            }
        }
        List<RateStep> steps = w.producerRateSteps();
        if (steps != null) {
            if (steps.isEmpty()) {
                c.add("producerRateSteps", "producerRateSteps is empty: give steps like [{rate: 10000, for: 30s}, ...]");
            }
            for (int i = 0; i < steps.size(); i++) {
                RateStep st = steps.get(i);
                if (st == null) {
                    c.at(List.of("producerRateSteps", i), "producerRateSteps[" + i + "] is empty: give {rate: 10000, for: 30s}");
                    continue;
                }
                rate(c, List.of("producerRateSteps", i, "rate"), "producerRateSteps[" + i + "].rate", st.rate());
                if (st.duration() == null || st.duration().isZero() || st.duration().isNegative()) {
                    c.at(List.of("producerRateSteps", i, "for"), "producerRateSteps[" + i + "].for must be a duration longer "
                            + "than zero, e.g. 30s");
                }
            }
        }
    }

    private static void rate(Checks c, List<Object> path, String name, Double rate) {
        if (rate == null || !(rate >= 0) || Double.isInfinite(rate)) {
            c.at(path, name + " must be 0 or more messages per second" + (rate == null ? "; it is missing" : ", got " + rate));
        }
    }

    private static void checkLength(Workload w, Checks c) {
        if (w.testDuration() != null && w.testDurationMinutes() != null) {
            c.add("testDuration", "give testDuration or testDurationMinutes, not both");
        }
        if (w.warmupDuration() != null && w.warmupDurationMinutes() != null) {
            c.add("warmupDuration", "give warmupDuration or warmupDurationMinutes, not both");
        }
        boolean timed = w.testDuration() != null || w.testDurationMinutes() != null;
        if (w.countMode()) {
            if (timed) {
                c.add("messageCount", "give messageCount or a test duration, not both");
            }
            if (w.messageCount() < 1) {
                c.add("messageCount", "messageCount must be at least 1, got " + w.messageCount());
            }
            if (!w.effectiveWarmup().isZero()) {
                c.add("warmupDuration", "a messageCount run measures every message, like kafka-producer-perf-test: "
                        + "remove the warmup or use a test duration instead");
            }
        } else if (w.consumeOnly()) {
            if (timed) {
                c.add("testDuration", "a consume-only run measures until every prefilled message is consumed: remove the test duration");
            }
            if (!w.effectiveWarmup().isZero()) {
                c.add("warmupDuration", "a consume-only run has no warmup: remove it");
            }
        } else if (w.consumesExistingOnly()) {
            // A consume-only run of existing topics ends at the end offsets seen at its start, or after its test duration.
            if (timed) {
                positive(c, "testDuration", w.effectiveTestDuration());
            }
            if (!w.effectiveWarmup().isZero()) {
                c.add("warmupDuration", "a consume-only run of existing topics is measured from the consumers' start, as "
                        + "kafka-consumer-perf-test: remove the warmup");
            }
        } else if (!timed) {
            c.add("testDuration", "set how long to measure: testDuration (e.g. 5m) or testDurationMinutes, or messageCount");
        } else {
            positive(c, "testDuration", w.effectiveTestDuration());
        }
        if (w.testDurationMinutes() != null && w.testDurationMinutes() < 1) {
            c.add("testDurationMinutes", "testDurationMinutes must be at least 1; for shorter runs use testDuration, e.g. 30s");
        }
        if (w.warmupDurationMinutes() != null && w.warmupDurationMinutes() < 0) {
            c.add("warmupDurationMinutes", "warmupDurationMinutes must not be negative");
        }
    }

    /**
     * A max-rate search measures steps of a set time at rates it chooses, with producers and
     * consumers that keep up or not: whatever fixes the rate, the length or the flow contradicts it.
     *
     * @param seedField a field that gives the search its seed rather than contradicting it, or null
     */
    private static void checkSearch(Workload w, Checks c, String what, String seedField) {
        String prefix = what + ", measured in steps of a set time: ";
        if (w.producersPerTopic() == 0) {
            c.add("producersPerTopic", prefix + "it needs producers (producersPerTopic of 1 or more)");
        }
        if (w.countMode()) {
            c.add("messageCount", prefix + "remove messageCount and give a testDuration (the confirmation's length)");
        }
        if (w.shapedRate()) {
            String shape = w.producerRateRamp() != null ? "producerRateRamp" : "producerRateSteps";
            c.add(shape, prefix + "it sets the rate itself: remove " + shape);
        }
        if (w.consumerBacklogSizeGB() > 0) {
            c.add("consumerBacklogSizeGB", prefix + "a backlog test is a run of its own: remove consumerBacklogSizeGB");
        }
        if (w.maxInFlightMessages() != null) {
            c.add("maxInFlightMessages", prefix + "maxInFlightMessages waits for consumers instead of keeping a rate: remove it");
        }
        if (!w.faults().isEmpty()) {
            c.add("faults", prefix + "faults are timed against one measurement: remove faults, or run them at the rate found");
        }
        if (seedField == null && w.cku() != null) {
            c.add("cku", prefix + "the CKU check judges one measurement at a set rate: remove cku, or give producerRate");
        }
    }

    private static void positive(Checks c, String field, Duration d) {
        if (d.isZero() || d.isNegative()) {
            c.add(field, field + " must be longer than zero");
        }
    }

    private static void checkBacklog(Workload w, Checks c) {
        if (w.consumerBacklogSizeGB() < 0) {
            c.add("consumerBacklogSizeGB", "consumerBacklogSizeGB must not be negative");
        }
        if (w.backlogDrainRatio() < 0 || w.backlogDrainRatio() > 1) {
            c.add("backlogDrainRatio", "backlogDrainRatio must be between 0.0 and 1.0, got " + w.backlogDrainRatio());
        }
        if (w.consumerBacklogSizeGB() > 0) {
            if (w.subscriptionsPerTopic() == 0) {
                c.add("consumerBacklogSizeGB", "a backlog needs consumers to drain it: set subscriptionsPerTopic");
            }
            if (w.countMode()) {
                c.add("consumerBacklogSizeGB", "consumerBacklogSizeGB cannot be combined with messageCount");
            }
        }
    }

    /**
     * Faults happen during a timed measurement, at a known type, with a duration exactly when the
     * type needs one. Whether the cluster can take them is the driver's to say, once it is known.
     */
    private static void checkFaults(Workload w, Checks c) {
        if (w.faults().isEmpty()) {
            return;
        }
        if (w.countMode() || w.consumeOnly() || w.consumesExistingOnly()) {
            c.add("faults", "faults happen at times during the measurement, so they need a timed run: use testDuration "
                    + "instead of " + (w.countMode() ? "messageCount" : "a consume-only run"));
            return;
        }
        Duration measure = w.effectiveTestDuration();
        for (int i = 0; i < w.faults().size(); i++) {
            FaultSpec f = w.faults().get(i);
            String at = "faults[" + i + "]";
            if (f == null) {
                c.at(List.of("faults", i), at + " is empty: give after and type, e.g. {after: 20s, type: broker-kill}");
                continue;
            }
            Optional<FaultType> type = f.type() == null ? Optional.empty() : f.type().value();
            String written = f.type() == null ? null : f.type().written();
            if (type.isEmpty()) {
                String nearest = written == null ? null : NearestName.find(written, FaultType.labels()).orElse(null);
                c.at(List.of("faults", i, "type"), at + ".type " + (written == null ? "is missing" : "'" + written + "' is unknown")
                        + (nearest == null ? "" : "; did you mean '" + nearest + "'?") + " Allowed: " + String.join(", ", FaultType.labels()));
            }
            if (f.after() == null) {
                c.at(List.of("faults", i), at + ".after is missing: when the fault happens, from the start of the measurement, e.g. 20s");
            } else if (f.after().isNegative() || f.after().compareTo(measure) >= 0) {
                c.at(List.of("faults", i, "after"), at + ".after " + DurationParser.format(f.after()) + " is not within the measurement "
                        + "(testDuration " + DurationParser.format(measure) + "): faults happen from 0s up to the end of the measurement");
            }
            if (f.broker() != null && f.broker() < 0) {
                c.at(List.of("faults", i, "broker"), at + ".broker must be a broker's index, 0 or more, got " + f.broker());
            }
            if (type.isPresent()) {
                checkFaultShape(type.get(), f, at, i, c);
            }
        }
    }

    private static void checkFaultShape(FaultType type, FaultSpec f, String at, int i, Checks c) {
        if (type.needsDuration() && (f.duration() == null || f.duration().isZero() || f.duration().isNegative())) {
            c.at(List.of("faults", i), at + ": " + type.label() + " needs a duration longer than zero, e.g. duration: 5s");
        }
        if (!type.needsDuration() && f.duration() != null) {
            c.at(List.of("faults", i, "duration"), at + ": " + type.label() + " takes no duration (it lasts until a "
                    + (type == FaultType.BROKER_KILL ? "broker-restart" : "later fault") + "): remove it");
        }
        if (!type.targetsBroker() && f.broker() != null) {
            c.at(List.of("faults", i, "broker"), at + ": " + type.label() + " affects every broker: remove broker");
        }
        String range = DurationParser.format(Fault.MIN_NETWORK_DELAY) + " to " + DurationParser.format(Fault.MAX_NETWORK_DELAY);
        if (type == FaultType.NETWORK_DELAY && f.delay() == null) {
            c.at(List.of("faults", i), at + ": network-delay needs a delay, how long each byte is held each way, from " + range
                    + ", e.g. delay: 50ms");
        } else if (type == FaultType.NETWORK_DELAY && !Fault.isAllowedDelay(f.delay())) {
            c.at(List.of("faults", i, "delay"), at + ".delay " + DurationParser.format(f.delay()) + " is out of range: from "
                    + range + " each way");
        }
        if (type != FaultType.NETWORK_DELAY && f.delay() != null) {
            c.at(List.of("faults", i, "delay"), at + ": " + type.label() + " takes no delay (only network-delay does): remove it");
        }
        if (type != FaultType.NETWORK_DELAY && f.to() != null) {
            c.at(List.of("faults", i, "to"), at + ": " + type.label() + " takes no to (only network-delay's delay ramps): remove it");
        } else if (f.to() != null && !Fault.isAllowedDelay(f.to())) {
            c.at(List.of("faults", i, "to"), at + ".to " + DurationParser.format(f.to()) + " is out of range: from " + range
                    + " each way (the delay at the fault's end)");
        }
    }

    /** Collects problems; keeps the checks above one line each. */
    private record Checks(List<Problem> problems) {
        void add(String field, String message) {
            problems.add(new Problem(field, message));
        }

        void at(List<Object> path, String message) {
            problems.add(new Problem((String) path.get(0), message, path));
        }

        void atLeast(String field, int value, int min) {
            if (value < min) {
                add(field, field + " must be at least " + min + ", got " + value);
            }
        }
    }
}
