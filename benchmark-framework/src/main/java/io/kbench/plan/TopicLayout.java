package io.kbench.plan;

import io.kbench.workload.SubscriptionSpec;

import io.kbench.driver.TopicSpec;
import io.kbench.workload.Length;
import io.kbench.workload.PastReads;
import io.kbench.workload.PayloadSpec;
import io.kbench.workload.Rate;
import io.kbench.workload.RateRamp;
import io.kbench.workload.spec.RunSpec;
import io.kbench.workload.spec.Topology;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The concrete objects a workload asks for: topic names, one consumer group per subscription,
 * producers with their run-wide indexes, and the load. Names carry the run id, so runs never
 * share topics or groups. A consume-only workload gets one producer per topic that only prefills.
 *
 * @param consumers the consumers the run starts with its load (every partition assigned before the producers start)
 * @param partitionsPerSubscription what each of those groups must hold before the run goes on
 * @param pastReaders the consumers of the groups that read the past ({@link io.kbench.workload.spec.Subscriptions#pastReads()}): not started with the
 *     load, but by the feature that measures them, once the measurement has begun
 */
public record TopicLayout(List<TopicSpec> topics, List<ConsumerSpec> consumers, List<ProducerSpec> producers,
                        Map<String, Integer> partitionsPerSubscription, LoadSpec load, List<ConsumerSpec> pastReaders) {

    public TopicLayout {
        pastReaders = pastReaders == null ? List.of() : List.copyOf(pastReaders);
    }

    /** A layout whose groups all start with the load. */
    public TopicLayout(List<TopicSpec> topics, List<ConsumerSpec> consumers, List<ProducerSpec> producers,
                       Map<String, Integer> partitionsPerSubscription, LoadSpec load) {
        this(topics, consumers, producers, partitionsPerSubscription, load, List.of());
    }

    /** The partitions each group of {@code consumers} must hold to be ready (a topic's partitions; a share group's members). */
    public Map<String, Integer> partitionsOf(List<ConsumerSpec> consumers) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (ConsumerSpec c : consumers) {
            if (c.plan().share()) {
                out.merge(c.subscription(), 1, Integer::sum);
            } else {
                topics.stream().filter(t -> t.name().equals(c.topic())).findFirst().ifPresent(t -> out.put(c.subscription(), t.partitions()));
            }
        }
        return out;
    }

    /** The workload's ramp or steps as stretches of the rate, or null for one rate. */
    public static RateShape shape(RunSpec spec) {
        Rate rate = spec.rate();
        if (rate instanceof Rate.Ramp ramp) {
            RateRamp r = ramp.ramp();
            return new RateShape(List.of(new RateShape.Stretch(r.from(), r.to(), r.over().toMillis())));
        }
        if (rate instanceof Rate.Steps steps) {
            return new RateShape(steps.steps().stream()
                    .map(s -> new RateShape.Stretch(s.rate(), s.rate(), s.duration().toMillis())).toList());
        }
        return null;
    }

    /**
     * How the {@code index}-th consumer of {@code group} is made: from the workload's subscription section,
     * with a static identity of its own (the same for the same index in every run of the group) when asked.
     */
    public static ConsumerPlan consumerPlan(RunSpec spec, String group, int index) {
        SubscriptionSpec sub = spec.subscriptions().kind();
        return ConsumerPlan.of(sub, sub.staticMembership() ? group + "-member-" + index : null, !spec.events().consumerEvents().isEmpty())
                .withGroupFigures(spec.subscriptions().pastReads().isPresent());
    }

    /**
     * Partition weights fit every topic: checked with the workload when it names partitionsPerTopic, here for existing
     * topics, whose partitions the cluster tells.
     */
    private static void checkWeights(RunSpec spec, List<TopicSpec> topics) {
        if (spec.traffic().partitionWeights().isEmpty()) {
            return;
        }
        for (TopicSpec t : topics) {
            var issues = spec.traffic().partitionWeights().get().issues(t.partitions());
            if (!issues.isEmpty()) {
                throw new IllegalArgumentException("topic " + t.name() + ": " + issues.get(0).message());
            }
        }
    }

    public static TopicLayout of(RunSpec spec, PayloadSpec payload, String topicPrefix, String runId) {
        return of(spec, payload, topicPrefix, runId, true);
    }

    /** @param checkIntegrity stamp messages with producer and sequence so consumers can check them */
    public static TopicLayout of(RunSpec spec, PayloadSpec payload, String topicPrefix, String runId, boolean checkIntegrity) {
        return of(spec, payload, topicPrefix, runId, checkIntegrity, null);
    }

    /**
     * @param existing the workload's existing topics with their partition counts as the cluster has
     *     them, or null when the run creates its own topics
     */
    public static TopicLayout of(RunSpec spec, PayloadSpec payload, String topicPrefix, String runId, boolean checkIntegrity,
                               Map<String, Integer> existing) {
        Topology top = spec.topology();
        List<TopicSpec> topics = new ArrayList<>();
        List<ConsumerSpec> consumers = new ArrayList<>();
        List<ConsumerSpec> pastReaders = new ArrayList<>();
        PastReads past = spec.subscriptions().pastReads().orElse(null);
        List<ProducerSpec> producers = new ArrayList<>();
        Map<String, Integer> partitions = new LinkedHashMap<>();
        int width = Integer.toString(Math.max(0, top.topics() - 1)).length();
        for (int t = 0; t < top.topics(); t++) {
            String topic = existing != null ? top.existing().names().get(t) : String.format("%s-%s-%0" + width + "d", topicPrefix, runId, t);
            int count = existing != null ? existing.get(topic) : top.partitionsPerTopic();
            topics.add(new TopicSpec(topic, count));
            // Group names carry the run id, also on existing topics: a group never resumes another run's offsets.
            String groupBase = existing != null ? topicPrefix + "-" + runId + "-" + topic : topic;
            SubscriptionSpec sub = spec.subscriptions().kind();
            for (int s = 0; s < top.subscriptionsPerTopic() && top.consumes(topic); s++) {
                String group = groupBase + "-sub-" + s;
                if (past != null && past.reads(s, top.subscriptionsPerTopic())) {
                    // Started once the measurement has begun, from where the workload says, by the feature that measures them.
                    for (int c = 0; c < top.consumersPerSubscription(); c++) {
                        pastReaders.add(new ConsumerSpec(topic, group, past.from() == PastReads.From.END, consumerPlan(spec, group, c),
                                past.from() == PastReads.From.AGE ? past.ageMillis() : null));
                    }
                    continue;
                }
                // A share group's members may outnumber the partitions and share them: it is ready when every member
                // holds one or more (the workers count each member holding any once).
                partitions.put(group, sub.share() ? top.consumersPerSubscription() : count);
                for (int c = 0; c < top.consumersPerSubscription(); c++) {
                    consumers.add(new ConsumerSpec(topic, group, existing != null, consumerPlan(spec, group, c)));
                }
            }
        }
        // Producer-major order over topics, so that spreading them over workers mixes topics.
        int index = 0;
        int producersPerTopic = spec.consumeOnly() ? 1 : top.producersPerTopic();
        for (int p = 0; p < producersPerTopic; p++) {
            for (TopicSpec topic : topics) {
                if (spec.consumeOnly() || top.produces(topic.name())) {
                    producers.add(new ProducerSpec(topic.name(), index++, topic.partitions(), spec.traffic().headers().orElse(null)));
                }
            }
        }
        checkWeights(spec, topics);
        long count = spec.length() instanceof Length.Prefill p ? p.messages() : spec.length() instanceof Length.Count c ? c.messages() : 0;
        StampMode stamps = top.subscriptionsPerTopic() == 0 ? StampMode.NONE
                : checkIntegrity ? StampMode.TIME_AND_SEQUENCE : StampMode.TIME;
        LoadSpec load = new LoadSpec(spec.load().perSecond(), producers.size(), count, payload, spec.traffic().keyDistributor(),
                spec.load().maxInFlightMessages(), stamps, shape(spec),
                new TrafficSpec(spec.traffic().keys().orElse(null), spec.traffic().partitionWeights().orElse(null)));
        return new TopicLayout(List.copyOf(topics), List.copyOf(consumers), List.copyOf(producers), Map.copyOf(partitions), load,
                pastReaders);
    }
}
