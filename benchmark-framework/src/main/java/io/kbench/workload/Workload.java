package io.kbench.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.kbench.model.Units;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A workload file, with OpenMessaging Benchmark's field names and meaning so that OMB workload
 * files run unchanged, plus a message-count mode and durations with units.
 *
 * <p>A missing field is {@code null} when bound and gets its default here; {@link WorkloadValidator}
 * checks what a type cannot. Rates are messages per second across all producers, sizes in bytes.
 *
 * @param name shown in results; defaults to the file name
 * @param topics number of topics to create
 * @param partitionsPerTopic partitions in each topic
 * @param messageSize payload size in bytes (taken from the payload file when only that is given)
 * @param payloadFile a file whose whole content is the payload, relative to the workload file or the working directory
 * @param useRandomizedPayloads use a pool of random payloads instead of one
 * @param randomBytesRatio share of each random payload that is random (the rest is zeros), 0..1
 * @param randomizedPayloadPoolSize number of random payloads in the pool
 * @param keyDistributor how keys are chosen
 * @param subscriptionsPerTopic consumer groups per topic (0: produce only)
 * @param producersPerTopic producers per topic (0: consume only)
 * @param consumerPerSubscription consumers in each group
 * @param producerRate messages per second across all producers; -1 for unthrottled
 * @param consumerBacklogSizeGB as OMB: after the warmup, build a backlog of this many GiB with the consumers
 *     paused, then resume them and drain it; the measurement covers the build, the drain and the test
 *     duration after it
 * @param backlogDrainRatio share of the backlog that must drain before the drain counts as done (1.0:
 *     all but 1,000 messages, as OMB)
 * @param testDurationMinutes OMB's measurement length in minutes
 * @param warmupDurationMinutes OMB's warmup length in minutes (default 1)
 * @param testDuration measurement length with a unit, e.g. 30s (instead of testDurationMinutes)
 * @param warmupDuration warmup length with a unit, e.g. 10s (instead of warmupDurationMinutes)
 * @param messageCount stop after this many messages in all, like kafka-producer-perf-test --num-records
 * @param logIntervalMillis OMB's progress interval in milliseconds
 * @param producerStartRate OMB rate-discovery option: with producerRate 0, the max-rate search's seed rate
 *     (instead of a probe)
 * @param acceptableBacklog OMB rate-discovery option, accepted and not used: the search's steps must not
 *     let the backlog grow at all
 * @param producerIncrementRate OMB rate-ramp option; not supported (must be 0)
 * @param producerIncrementSeconds OMB rate-ramp option; see producerIncrementRate
 * @param producerPauseBeforeDrain OMB backlog option; not supported (must be 0)
 * @param producerPauseDuringDrain OMB backlog option; not supported (must be 0)
 * @param messageRateReceivedForSubscription OMB filtered-subscription option; must be 100
 * @param randomTopicNames OMB option; topic names are always unique per run here
 * @param cku Confluent Cloud capacity units of the cluster under test: turns on the CKU check
 *     (limits before the run, PASS/FAIL after) and, without a producerRate, sets the rate to the
 *     CKUs' ingress (50 MB/s each)
 * @param prefillMessages messages produced, unmeasured, before the consumers start; with
 *     producersPerTopic 0 the run measures consuming them, like kafka-consumer-perf-test
 * @param maxInFlightMessages at most this many messages sent but not yet consumed; 1 makes an
 *     end-to-end latency probe like Kafka's EndToEndLatency tool (one message at a time)
 * @param consumerOnly the Redpanda fork's option to pause producers while a backlog drains; only
 *     {@code false} is supported (for a consume-only run, use producersPerTopic 0 with prefillMessages)
 * @param partitionWeights the Redpanda fork's per-partition traffic shares; not supported (keys decide
 *     partitions here: see keyDistributor)
 * @param producerRateRamp instead of producerRate: a linear ramp of the total rate from the start of the load
 * @param producerRateSteps instead of producerRate: rates one after another from the start of the load
 * @param existingTopics run on these topics as they are (not created, not deleted); topics and
 *     partitionsPerTopic then follow them (partitionsPerTopic, if given, must agree with the cluster)
 * @param faults what happens to the cluster during the measurement (a cluster the run starts only):
 *     broker kills, restarts, pauses and network freezes, like Trogdor's fault specs
 * @param subscription what kind of group each subscription is and how its consumers behave (share groups,
 *     group protocol, processing time); null: consumer groups with the driver's defaults
 * @param consumerEvents consumers joining, leaving, crashing or restarting during the measurement, like faults
 * @param rateScale the factor {@link #scaled} multiplied the rates by (--scale), or null when not
 *     scaled; never read from a file, so that a CKU check can say what lowered the rate
 */
public record Workload(
        String name,
        Integer topics,
        Integer partitionsPerTopic,
        Integer messageSize,
        String payloadFile,
        Boolean useRandomizedPayloads,
        Double randomBytesRatio,
        Integer randomizedPayloadPoolSize,
        KeyDistributorType keyDistributor,
        Integer subscriptionsPerTopic,
        Integer producersPerTopic,
        Integer consumerPerSubscription,
        Double producerRate,
        Double consumerBacklogSizeGB,
        Double backlogDrainRatio,
        Integer testDurationMinutes,
        Integer warmupDurationMinutes,
        Duration testDuration,
        Duration warmupDuration,
        Long messageCount,
        Integer logIntervalMillis,
        Integer producerStartRate,
        Integer acceptableBacklog,
        Integer producerIncrementRate,
        Integer producerIncrementSeconds,
        Long producerPauseBeforeDrain,
        Long producerPauseDuringDrain,
        Integer messageRateReceivedForSubscription,
        Boolean randomTopicNames,
        Integer cku,
        Long prefillMessages,
        Integer maxInFlightMessages,
        Boolean consumerOnly,
        Map<String, Double> partitionWeights,
        RateRamp producerRateRamp,
        List<RateStep> producerRateSteps,
        List<String> existingTopics,
        List<FaultSpec> faults,
        SubscriptionSpec subscription,
        List<ConsumerEventSpec> consumerEvents,
        @JsonIgnore Double rateScale) {

    public static final double UNTHROTTLED = -1;

    /** Producer bandwidth one Confluent CKU sustains, in MB/s (MB = 1,048,576 bytes, as everywhere here). */
    public static final double CKU_INGRESS_MB_PER_SEC = 50;

    public Workload {
        if (existingTopics != null) {
            existingTopics = List.copyOf(existingTopics);
            topics = orDefault(topics, existingTopics.size());
            // partitionsPerTopic stays null unless given: the cluster's, read at the start of the run.
        } else {
            topics = orDefault(topics, 1);
            partitionsPerTopic = orDefault(partitionsPerTopic, 1);
        }
        useRandomizedPayloads = orDefault(useRandomizedPayloads, false);
        randomBytesRatio = orDefault(randomBytesRatio, 0.0);
        randomizedPayloadPoolSize = orDefault(randomizedPayloadPoolSize, 1000);
        keyDistributor = orDefault(keyDistributor, KeyDistributorType.NO_KEY);
        subscriptionsPerTopic = orDefault(subscriptionsPerTopic, 1);
        producersPerTopic = orDefault(producersPerTopic, 1);
        consumerPerSubscription = orDefault(consumerPerSubscription, 1);
        consumerBacklogSizeGB = orDefault(consumerBacklogSizeGB, 0.0);
        backlogDrainRatio = orDefault(backlogDrainRatio, 1.0);
        producerIncrementRate = orDefault(producerIncrementRate, 0);
        producerPauseBeforeDrain = orDefault(producerPauseBeforeDrain, 0L);
        producerPauseDuringDrain = orDefault(producerPauseDuringDrain, 0L);
        messageRateReceivedForSubscription = orDefault(messageRateReceivedForSubscription, 100);
        randomTopicNames = orDefault(randomTopicNames, false);
        consumerOnly = orDefault(consumerOnly, false);
        faults = faults == null ? List.of() : List.copyOf(faults);
        consumerEvents = consumerEvents == null ? List.of() : List.copyOf(consumerEvents);
    }

    /** The subscription section, or a consumer group's defaults when the file has none. */
    public SubscriptionSpec subscriptionOrDefault() {
        return subscription == null ? SubscriptionSpec.DEFAULT : subscription;
    }

    private static <T> T orDefault(T value, T fallback) {
        return value == null ? fallback : value;
    }

    /** {@code producerRate: 0}: OpenMessaging Benchmark's rate discovery, which kbench runs as a max-rate search. */
    public boolean rateDiscovery() {
        return producerRate != null && producerRate == 0 && !shapedRate();
    }

    /** The rate moves over time (producerRateRamp or producerRateSteps) instead of one producerRate. */
    public boolean shapedRate() {
        return producerRateRamp != null || producerRateSteps != null;
    }

    public boolean unthrottled() {
        Double rate = effectiveProducerRate();
        return rate != null && rate == UNTHROTTLED;
    }

    public boolean countMode() {
        return messageCount != null;
    }

    /** Consume-only: prefilled topics, no producers during the measurement. */
    public boolean consumeOnly() {
        return producersPerTopic == 0 && prefillMessages != null && prefillMessages > 0;
    }

    /**
     * Messages per second across all producers: producerRate, else (with {@code cku}) the CKUs'
     * ingress in messages of messageSize; null when there are no producers.
     */
    public Double effectiveProducerRate() {
        if (producerRate != null) {
            return producerRate;
        }
        if (cku != null && messageSize != null && producersPerTopic > 0) {
            return cku * CKU_INGRESS_MB_PER_SEC * Units.BYTES_PER_MB / messageSize;
        }
        return null;
    }

    public int totalProducers() {
        return topics * producersPerTopic;
    }

    public int totalConsumers() {
        return topics * subscriptionsPerTopic * consumerPerSubscription;
    }

    /** Partitions in all; 0 when unknown until the cluster is asked (existing topics without partitionsPerTopic). */
    public int totalPartitions() {
        return partitionsPerTopic == null ? 0 : topics * partitionsPerTopic;
    }

    /** The measurement length; zero in message-count mode. */
    public Duration effectiveTestDuration() {
        if (testDuration != null) {
            return testDuration;
        }
        if (testDurationMinutes != null) {
            return Duration.ofMinutes(testDurationMinutes);
        }
        return Duration.ZERO;
    }

    /** The warmup length: as given, else 1 minute (OMB's default), or none in message-count mode. */
    public Duration effectiveWarmup() {
        if (warmupDuration != null) {
            return warmupDuration;
        }
        if (warmupDurationMinutes != null) {
            return Duration.ofMinutes(warmupDurationMinutes);
        }
        return countMode() || consumeOnly() ? Duration.ZERO : Duration.ofMinutes(1);
    }

    /** The same workload on these existing topics (--existing-topics): topics follows the list. */
    public Workload withExistingTopics(List<String> names) {
        Copy c = new Copy(this);
        c.existingTopics = names;
        c.topics = names.size();
        return c.build();
    }

    /** The same workload with the partition count found on the cluster (existing topics), or null when they differ. */
    public Workload withPartitionsPerTopic(Integer partitions) {
        Copy c = new Copy(this);
        c.partitionsPerTopic = partitions;
        return c.build();
    }

    public Workload withName(String newName) {
        Copy c = new Copy(this);
        c.name = newName;
        return c.build();
    }

    /** The same workload with another payload file (null: none). */
    public Workload withPayloadFile(String file) {
        Copy c = new Copy(this);
        c.payloadFile = file;
        return c.build();
    }

    public Workload withMessageSize(int size) {
        Copy c = new Copy(this);
        c.messageSize = size;
        return c.build();
    }

    public Workload withCku(Integer ckuCount) {
        Copy c = new Copy(this);
        c.cku = ckuCount;
        return c.build();
    }

    /** The same workload at {@code ratePerSecond} messages per second across all producers (-1: unthrottled). */
    public Workload withRate(double ratePerSecond) {
        Copy c = new Copy(this);
        c.producerRate = ratePerSecond;
        c.producerRateRamp = null; // --rate replaces a ramp or steps with one rate
        c.producerRateSteps = null;
        return c.build();
    }

    /**
     * The same workload with rates, message counts and the backlog size multiplied by {@code factor}
     * (counts stay at least 1); partitions, sizes and durations are kept.
     */
    public Workload scaled(double factor) {
        Double rate = effectiveProducerRate();
        Copy c = new Copy(this);
        c.producerRate = rate == null || rate == UNTHROTTLED ? producerRate : Double.valueOf(rate * factor);
        if (producerRateRamp != null) {
            c.producerRateRamp = new RateRamp(times(producerRateRamp.from(), factor), times(producerRateRamp.to(), factor),
                    producerRateRamp.over());
        }
        if (producerRateSteps != null) {
            c.producerRateSteps = producerRateSteps.stream().map(st -> st == null ? null
                    : new RateStep(times(st.rate(), factor), st.duration())).toList();
        }
        c.consumerBacklogSizeGB = consumerBacklogSizeGB * factor;
        c.rateScale = (rateScale == null ? 1.0 : rateScale) * factor;
        c.messageCount = scaleCount(messageCount, factor);
        c.prefillMessages = scaleCount(prefillMessages, factor);
        return c.build();
    }

    private static Double times(Double rate, double factor) {
        return rate == null ? null : rate * factor;
    }

    private static Long scaleCount(Long count, double factor) {
        return count == null ? null : Math.max(1, Math.round(count * factor));
    }

    /** Replaces the run length: a measurement duration, a warmup, or both (nulls keep the file's). */
    public Workload withDurations(Duration test, Duration warmup) {
        Copy c = new Copy(this);
        if (test != null) {
            c.testDuration = test;
            c.testDurationMinutes = null;
            c.messageCount = null;
        }
        if (warmup != null) {
            c.warmupDuration = warmup;
            c.warmupDurationMinutes = null;
        }
        return c.build();
    }

    /** A field-by-field copy to change a few fields of an immutable workload in one place. */
    private static final class Copy {
        private String name;
        private Integer topics;
        private Integer partitionsPerTopic;
        private Integer messageSize;
        private String payloadFile;
        private Boolean useRandomizedPayloads;
        private Double randomBytesRatio;
        private Integer randomizedPayloadPoolSize;
        private KeyDistributorType keyDistributor;
        private Integer subscriptionsPerTopic;
        private Integer producersPerTopic;
        private Integer consumerPerSubscription;
        private Double producerRate;
        private Double consumerBacklogSizeGB;
        private Double backlogDrainRatio;
        private Integer testDurationMinutes;
        private Integer warmupDurationMinutes;
        private Duration testDuration;
        private Duration warmupDuration;
        private Long messageCount;
        private Integer logIntervalMillis;
        private Integer producerStartRate;
        private Integer acceptableBacklog;
        private Integer producerIncrementRate;
        private Integer producerIncrementSeconds;
        private Long producerPauseBeforeDrain;
        private Long producerPauseDuringDrain;
        private Integer messageRateReceivedForSubscription;
        private Boolean randomTopicNames;
        private Integer cku;
        private Long prefillMessages;
        private Integer maxInFlightMessages;
        private Boolean consumerOnly;
        private Map<String, Double> partitionWeights;
        private RateRamp producerRateRamp;
        private List<RateStep> producerRateSteps;
        private List<String> existingTopics;
        private List<FaultSpec> faults;
        private SubscriptionSpec subscription;
        private List<ConsumerEventSpec> consumerEvents;
        private Double rateScale;

        Copy(Workload w) {
            name = w.name;
            topics = w.topics;
            partitionsPerTopic = w.partitionsPerTopic;
            messageSize = w.messageSize;
            payloadFile = w.payloadFile;
            useRandomizedPayloads = w.useRandomizedPayloads;
            randomBytesRatio = w.randomBytesRatio;
            randomizedPayloadPoolSize = w.randomizedPayloadPoolSize;
            keyDistributor = w.keyDistributor;
            subscriptionsPerTopic = w.subscriptionsPerTopic;
            producersPerTopic = w.producersPerTopic;
            consumerPerSubscription = w.consumerPerSubscription;
            producerRate = w.producerRate;
            consumerBacklogSizeGB = w.consumerBacklogSizeGB;
            backlogDrainRatio = w.backlogDrainRatio;
            testDurationMinutes = w.testDurationMinutes;
            warmupDurationMinutes = w.warmupDurationMinutes;
            testDuration = w.testDuration;
            warmupDuration = w.warmupDuration;
            messageCount = w.messageCount;
            logIntervalMillis = w.logIntervalMillis;
            producerStartRate = w.producerStartRate;
            acceptableBacklog = w.acceptableBacklog;
            producerIncrementRate = w.producerIncrementRate;
            producerIncrementSeconds = w.producerIncrementSeconds;
            producerPauseBeforeDrain = w.producerPauseBeforeDrain;
            producerPauseDuringDrain = w.producerPauseDuringDrain;
            messageRateReceivedForSubscription = w.messageRateReceivedForSubscription;
            randomTopicNames = w.randomTopicNames;
            cku = w.cku;
            prefillMessages = w.prefillMessages;
            maxInFlightMessages = w.maxInFlightMessages;
            consumerOnly = w.consumerOnly;
            partitionWeights = w.partitionWeights;
            producerRateRamp = w.producerRateRamp;
            producerRateSteps = w.producerRateSteps;
            existingTopics = w.existingTopics;
            faults = w.faults;
            subscription = w.subscription;
            consumerEvents = w.consumerEvents;
            rateScale = w.rateScale;
        }

        Workload build() {
            return new Workload(name, topics, partitionsPerTopic, messageSize, payloadFile, useRandomizedPayloads, randomBytesRatio, randomizedPayloadPoolSize, keyDistributor, subscriptionsPerTopic, producersPerTopic, consumerPerSubscription, producerRate, consumerBacklogSizeGB, backlogDrainRatio, testDurationMinutes, warmupDurationMinutes, testDuration, warmupDuration, messageCount, logIntervalMillis, producerStartRate, acceptableBacklog, producerIncrementRate, producerIncrementSeconds, producerPauseBeforeDrain, producerPauseDuringDrain, messageRateReceivedForSubscription, randomTopicNames, cku, prefillMessages, maxInFlightMessages, consumerOnly, partitionWeights, producerRateRamp, producerRateSteps, existingTopics, faults, subscription, consumerEvents, rateScale);
        }
    }
}
