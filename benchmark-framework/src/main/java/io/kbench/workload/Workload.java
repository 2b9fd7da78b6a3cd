package io.kbench.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.kbench.model.Units;
import io.kbench.workload.traffic.CorpusSpec;
import io.kbench.workload.traffic.HeaderSpec;
import io.kbench.workload.traffic.KeySpec;
import io.kbench.workload.traffic.PartitionWeights;
import io.kbench.workload.traffic.SizeSpec;
import io.soabase.recordbuilder.core.RecordBuilder;
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
 * @param producerPauseBeforeDrain a field kbench long refused as OMB's, which no fork defines; not supported (must be 0)
 * @param producerPauseDuringDrain likewise; not supported (must be 0): use drainProducerRate 0 or consumerOnly
 * @param messageRateReceivedForSubscription OMB filtered-subscription option; must be 100
 * @param randomTopicNames OMB option; topic names are always unique per run here
 * @param cku Confluent Cloud capacity units of the cluster under test: turns on the CKU check
 *     (limits before the run, PASS/FAIL after) and, without a producerRate, sets the rate to the
 *     CKUs' ingress (50 MB/s each)
 * @param prefillMessages messages produced, unmeasured, before the consumers start; with
 *     producersPerTopic 0 the run measures consuming them, like kafka-consumer-perf-test
 * @param maxInFlightMessages at most this many messages sent but not yet consumed; 1 makes an
 *     end-to-end latency probe like Kafka's EndToEndLatency tool (one message at a time)
 * @param consumerOnly the Redpanda fork's option to stop the producers while a backlog drains (as drainProducerRate 0)
 * @param partitionWeights the Redpanda fork's per-partition traffic shares: producers pick each message's partition by
 *     them (a list, one weight per partition, or the fork's map with "*"); not together with keys
 * @param producerRateRamp instead of producerRate: a linear ramp of the total rate from the start of the load
 * @param producerRateSteps instead of producerRate: rates one after another from the start of the load
 * @param existingTopics run on these topics as they are (not created, not deleted); topics and
 *     partitionsPerTopic then follow them (partitionsPerTopic, if given, must agree with the cluster)
 * @param faults what happens to the cluster during the measurement (a cluster the run starts only):
 *     broker kills, restarts, pauses and network freezes, like Trogdor's fault specs
 * @param subscription what kind of group each subscription is and how its consumers behave (share groups,
 *     group protocol, processing time); null: consumer groups with the driver's defaults
 * @param consumerEvents consumers joining, leaving, crashing or restarting during the measurement, like faults
 * @param operations changes an operator makes to the cluster during the measurement (rolling restarts, reassignments,
 *     config changes), timed like faults, put back when the run ends
 * @param existingTopicList the Redpanda fork's name for {@code existingTopics}: topics produced to and consumed from
 * @param existingProduceTopicList the Redpanda fork's existing topics that producers write and no subscription reads
 * @param existingConsumeTopicList the Redpanda fork's existing topics that subscriptions read and no producer writes: what
 *     others wrote (a consume-only run when the run has no other topics)
 * @param drainProducerRate the Redpanda fork's producer rate while a backlog drains or groups catch up, msg/s: -1 (the
 *     default) keeps producerRate, 0 stops the producers
 * @param consumeDelaySeconds OMB's (its PR #458): after the warmup, the consumers that drain a backlog stay paused this
 *     long (building a backlog by time, e.g. for a remote tier to take the segments) before they drain it
 * @param sampleRateMillis the Redpanda fork's sample interval, ms: the length of the periods the result keeps
 *     ({@code --sample-interval} given on the command line wins)
 * @param catchUp which subscriptions read the past while the others tail, from where (see {@link CatchUpSpec})
 * @param tieredStorage the past is to be read from a remote storage tier: the run needs a cluster it starts with one
 *     (the Kafka driver's localCluster.tieredStorage), so that the bytes read from the tier are counted
 * @param keys how keys are drawn: a distribution (uniform, zipf, hot-set) over a count of keys of a size; instead of
 *     keyDistributor
 * @param messageSizeDistribution OMB's weighted size buckets, e.g. {"0-256": 20, "256-1024": 50}: each message's size
 *     drawn from them (from included, to not)
 * @param messageSizes each message's size drawn from a distribution with bounds (uniform, normal, log-normal)
 * @param payloads real payloads (files, a folder, or one delimited file), one drawn per message
 * @param headers user headers on every message: a count and each value's size
 * @param drift which figures the drift test judges and how strictly (see {@link DriftSpec}); null: the defaults
 * @param rateScale the factor {@link #scaled} multiplied the rates by (--scale), or null when not
 *     scaled; never read from a file, so that a CKU check can say what lowered the rate
 */
@RecordBuilder
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
        PartitionWeights partitionWeights,
        RateRamp producerRateRamp,
        List<RateStep> producerRateSteps,
        List<String> existingTopics,
        List<FaultSpec> faults,
        SubscriptionSpec subscription,
        List<ConsumerEventSpec> consumerEvents,
        List<OperationSpec> operations,
        // ---- reading the past (existing topics, catch-up groups, drains)
        List<String> existingTopicList,
        List<String> existingProduceTopicList,
        List<String> existingConsumeTopicList,
        Integer drainProducerRate,
        Integer consumeDelaySeconds,
        Integer sampleRateMillis,
        CatchUpSpec catchUp,
        Boolean tieredStorage,
        // The traffic a run sends (io.kbench.workload.traffic), checked by TrafficChecks.
        KeySpec keys,
        Map<String, Double> messageSizeDistribution,
        SizeSpec messageSizes,
        CorpusSpec payloads,
        HeaderSpec headers,
        // Whether the figures drifted over the measurement (io.kbench.features.drift checks it).
        DriftSpec drift,
        @JsonIgnore Double rateScale) implements WorkloadBuilder.With {

    public static final double UNTHROTTLED = -1;

    /** Producer bandwidth one Confluent CKU sustains, in MB/s (MB = 1,048,576 bytes, as everywhere here). */
    public static final double CKU_INGRESS_MB_PER_SEC = 50;

    public Workload {
        existingTopics = copyOrNull(existingTopics);
        existingTopicList = copyOrNull(existingTopicList);
        existingProduceTopicList = copyOrNull(existingProduceTopicList);
        existingConsumeTopicList = copyOrNull(existingConsumeTopicList);
        List<String> existing = union(existingTopics, existingTopicList, existingProduceTopicList, existingConsumeTopicList);
        if (existing != null) {
            topics = orDefault(topics, existing.size());
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
        tieredStorage = orDefault(tieredStorage, false);
        faults = faults == null ? List.of() : List.copyOf(faults);
        consumerEvents = consumerEvents == null ? List.of() : List.copyOf(consumerEvents);
        operations = operations == null ? List.of() : List.copyOf(operations);
        messageSizeDistribution = messageSizeDistribution == null ? null
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(messageSizeDistribution));
    }

    // ---- reading the past

    /**
     * Every existing topic the run uses, in the file's order: existingTopics (or the Redpanda fork's existingTopicList),
     * then its produce-only and consume-only lists, each name once; null when the run creates its topics.
     */
    public List<String> allExistingTopics() {
        return union(existingTopics, existingTopicList, existingProduceTopicList, existingConsumeTopicList);
    }

    /** Whether the run's producers write {@code topic}: every topic, but those only consumed (existingConsumeTopicList). */
    public boolean produces(String topic) {
        return producersPerTopic > 0 && !onlyIn(existingConsumeTopicList, topic);
    }

    /** Whether the run's subscriptions read {@code topic}: every topic, but those only produced to (existingProduceTopicList). */
    public boolean consumes(String topic) {
        return subscriptionsPerTopic > 0 && !onlyIn(existingProduceTopicList, topic);
    }

    /** {@code topic} is in {@code list} and in no list of topics both produced to and consumed from. */
    private boolean onlyIn(List<String> list, String topic) {
        return list != null && list.contains(topic) && (existingTopics == null || !existingTopics.contains(topic))
                && (existingTopicList == null || !existingTopicList.contains(topic));
    }

    /**
     * A run of existing topics that produces nothing: its groups read what the topics hold (from the earliest record, an
     * age or the end, as {@code catchUp.from} says), like kafka-consumer-perf-test on a topic that is there.
     */
    public boolean consumesExistingOnly() {
        List<String> existing = allExistingTopics();
        return existing != null && prefillMessages == null && subscriptionsPerTopic > 0 && existing.stream().noneMatch(this::produces);
    }

    /**
     * Some topics are only produced to or only consumed from (the Redpanda fork's split lists): what the consumers read
     * is not what the producers wrote, so a backlog and losses cannot be counted.
     */
    public boolean splitsTopics() {
        List<String> existing = allExistingTopics();
        return existing != null && existing.stream().anyMatch(t -> produces(t) != consumes(t)) && !consumesExistingOnly();
    }

    /**
     * The subscriptions each acknowledged message waits for, to count the backlog: subscriptionsPerTopic, or 0 when some
     * topics are only produced to or only consumed from (what is read there is not what was written).
     */
    public int backlogSubscriptions() {
        return splitsTopics() ? 0 : subscriptionsPerTopic;
    }

    /** Which subscriptions read the past, from where; empty when every group tails what the run writes. */
    public java.util.Optional<PastReads> pastReads() {
        boolean consumeOnly = consumesExistingOnly();
        if (catchUp == null && !consumeOnly) {
            return java.util.Optional.empty();
        }
        CatchUpSpec c = catchUp == null ? CatchUpSpec.DEFAULT : catchUp;
        PastReads.From from = PastReads.parseFrom(c.from());
        int n = consumeOnly ? subscriptionsPerTopic : c.subscriptions() == null ? 1 : c.subscriptions();
        return java.util.Optional.of(new PastReads(Math.max(0, Math.min(n, subscriptionsPerTopic)),
                from == null ? PastReads.From.EARLIEST : from, from == PastReads.From.AGE ? PastReads.ageMillis(c.from()) : 0,
                c.caughtUpBelowOrDefault(), consumeOnly));
    }

    /**
     * The producers' rate while a backlog drains or groups catch up, msg/s across all producers: drainProducerRate when
     * set (0 stops them), 0 with consumerOnly; null to keep the workload's rate.
     */
    public Double drainRate() {
        if (drainProducerRate != null && drainProducerRate >= 0) {
            return drainProducerRate.doubleValue();
        }
        return consumerOnly ? 0.0 : null;
    }

    /** Whether consumers drain a backlog the producers build: OMB's (consumerBacklogSizeGB, consumeDelaySeconds) or catch-up groups'. */
    public boolean drainsABacklog() {
        return producersPerTopic > 0 && subscriptionsPerTopic > 0 && !consumesExistingOnly()
                && (consumerBacklogSizeGB > 0 || (consumeDelaySeconds != null && consumeDelaySeconds > 0) || catchUp != null);
    }

    /** How long the consumers that drain stay paused after the warmup (consumeDelaySeconds); zero for none. */
    public Duration consumeDelay() {
        return consumeDelaySeconds == null || consumeDelaySeconds <= 0 ? Duration.ZERO : Duration.ofSeconds(consumeDelaySeconds);
    }

    private static List<String> copyOrNull(List<String> list) {
        return list == null ? null : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(list));
    }

    @SafeVarargs
    private static List<String> union(List<String>... lists) {
        java.util.LinkedHashSet<String> all = null;
        for (List<String> l : lists) {
            if (l != null) {
                all = all == null ? new java.util.LinkedHashSet<>() : all;
                all.addAll(l);
            }
        }
        return all == null ? null : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(all));
    }

    /** The subscription section, or a consumer group's defaults when the file has none. */
    public SubscriptionSpec subscriptionOrDefault() {
        return subscription == null ? SubscriptionSpec.DEFAULT : subscription;
    }

    private static <T> T orDefault(T value, T fallback) {
        return value == null ? fallback : value;
    }

    /**
     * The rate, read from whichever of the file's ways gave it: producersPerTopic 0 (none), a ramp or
     * steps, producerRate 0 (a search, seeded by producerStartRate), -1 (unthrottled) or above 0, else
     * with {@code cku} the CKUs' ingress in messages of messageSize. Null only for an invalid workload.
     */
    public Rate rate() {
        if (producersPerTopic == 0 || consumesExistingOnly()) {
            return new Rate.None();
        }
        if (producerRateRamp != null) {
            return new Rate.Ramp(producerRateRamp);
        }
        if (producerRateSteps != null) {
            return new Rate.Steps(producerRateSteps);
        }
        if (producerRate != null) {
            return producerRate == 0 ? new Rate.Search(producerStartRate == null || producerStartRate <= 0 ? null
                    : producerStartRate.doubleValue())
                    : producerRate == UNTHROTTLED ? new Rate.Unthrottled() : new Rate.Fixed(producerRate);
        }
        if (cku != null && messageSize != null) {
            return new Rate.Fixed(cku * CKU_INGRESS_MB_PER_SEC * Units.BYTES_PER_MB / messageSize);
        }
        return null;
    }

    /**
     * The length, read from whichever of the file's ways gave it: prefillMessages without producers,
     * messageCount, else a warmup (as given, else OMB's 1 minute) and a measurement of a set time.
     */
    public Length length() {
        if (producersPerTopic == 0 && prefillMessages != null && prefillMessages > 0) {
            return new Length.Prefill(prefillMessages);
        }
        if (messageCount != null) {
            return new Length.Count(messageCount);
        }
        if (consumesExistingOnly()) {
            // Read from the consumers' start: no warmup unless asked; without a test duration, until the end offsets seen at the start.
            return new Length.Timed(warmup(Duration.ZERO), testDuration != null ? testDuration
                    : testDurationMinutes != null ? Duration.ofMinutes(testDurationMinutes) : Duration.ZERO);
        }
        return new Length.Timed(warmup(Duration.ofMinutes(1)), testDuration != null ? testDuration
                : testDurationMinutes != null ? Duration.ofMinutes(testDurationMinutes) : Duration.ZERO);
    }

    private Duration warmup(Duration fallback) {
        return warmupDuration != null ? warmupDuration
                : warmupDurationMinutes != null ? Duration.ofMinutes(warmupDurationMinutes) : fallback;
    }

    /** {@code producerRate: 0}: OpenMessaging Benchmark's rate discovery, which kbench runs as a max-rate search. */
    public boolean rateDiscovery() {
        return rate() instanceof Rate.Search;
    }

    /** The rate moves over time (producerRateRamp or producerRateSteps) instead of one producerRate. */
    public boolean shapedRate() {
        return rate() instanceof Rate.Ramp || rate() instanceof Rate.Steps;
    }

    public boolean unthrottled() {
        return rate() instanceof Rate.Unthrottled;
    }

    public boolean countMode() {
        return length() instanceof Length.Count;
    }

    /** Consume-only: prefilled topics, no producers during the measurement. */
    public boolean consumeOnly() {
        return length() instanceof Length.Prefill;
    }

    /**
     * Messages per second across all producers: producerRate, else (with {@code cku}) the CKUs'
     * ingress in messages of messageSize; null when there are no producers.
     */
    public Double effectiveProducerRate() {
        Rate r = rate();
        return producerRate != null ? producerRate : r instanceof Rate.Fixed f ? Double.valueOf(f.perSecond()) : null;
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
        return length() instanceof Length.Timed t ? t.measure()
                : testDuration != null ? testDuration : Duration.ZERO;
    }

    /** The warmup length: as given, else 1 minute (OMB's default), or none in message-count mode. */
    public Duration effectiveWarmup() {
        return length() instanceof Length.Timed t ? t.warmup() : warmup(Duration.ZERO);
    }

    /** The same workload on these existing topics (--existing-topics): topics follows the list. */
    @Override
    public Workload withExistingTopics(List<String> names) {
        return with(b -> b.existingTopics(names).existingTopicList(null).existingProduceTopicList(null).existingConsumeTopicList(null)
                .topics(names.size()));
    }

    /** The same workload at {@code ratePerSecond} messages per second across all producers (-1: unthrottled). */
    public Workload withRate(double ratePerSecond) {
        // --rate replaces a ramp or steps with one rate
        return with(b -> b.producerRate(ratePerSecond).producerRateRamp(null).producerRateSteps(null));
    }

    /**
     * The same workload with rates, message counts and the backlog size multiplied by {@code factor}
     * (counts stay at least 1); partitions, sizes and durations are kept.
     */
    public Workload scaled(double factor) {
        Double rate = effectiveProducerRate();
        return with(b -> b
                .producerRate(rate == null || rate == UNTHROTTLED ? producerRate : Double.valueOf(rate * factor))
                .producerRateRamp(producerRateRamp == null ? null : new RateRamp(times(producerRateRamp.from(), factor),
                        times(producerRateRamp.to(), factor), producerRateRamp.over()))
                .producerRateSteps(producerRateSteps == null ? null : producerRateSteps.stream().map(st -> st == null ? null
                        : new RateStep(times(st.rate(), factor), st.duration())).toList())
                .consumerBacklogSizeGB(consumerBacklogSizeGB * factor)
                .drainProducerRate(drainProducerRate == null || drainProducerRate <= 0 ? drainProducerRate
                        : Integer.valueOf((int) Math.max(1, Math.round(drainProducerRate * factor))))
                .rateScale((rateScale == null ? 1.0 : rateScale) * factor)
                .messageCount(scaleCount(messageCount, factor))
                .prefillMessages(scaleCount(prefillMessages, factor)));
    }

    private static Double times(Double rate, double factor) {
        return rate == null ? null : rate * factor;
    }

    private static Long scaleCount(Long count, double factor) {
        return count == null ? null : Math.max(1, Math.round(count * factor));
    }

    /** Replaces the run length: a measurement duration, a warmup, or both (nulls keep the file's). */
    public Workload withDurations(Duration test, Duration warmup) {
        Workload w = test == null ? this : with(b -> b.testDuration(test).testDurationMinutes(null).messageCount(null));
        return warmup == null ? w : w.with(b -> b.warmupDuration(warmup).warmupDurationMinutes(null));
    }
}
