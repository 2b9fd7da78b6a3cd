package io.kbench.workload.spec;

import io.kbench.workload.Rate;
import io.kbench.workload.Workload;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

/** Normalises a validated workload into its {@link RunSpec}: every derivation of the file's forms, done once. */
public final class RunSpecs {

    private RunSpecs() {}

    /**
     * The spec of {@code w}, which must have passed {@link io.kbench.workload.WorkloadValidator} (a workload without
     * a rate is refused there, and here).
     */
    public static RunSpec of(Workload w) {
        Rate rate = w.rate();
        if (rate == null) {
            throw new IllegalArgumentException("workload " + w.name() + " gives no producer rate: it was not validated");
        }
        Double effective = w.effectiveProducerRate();
        double perSecond = rate instanceof Rate.Unthrottled || effective == null ? Load.UNTHROTTLED : effective;
        Double whileDraining = w.drainRate();
        Load load = new Load(perSecond, whileDraining == null ? OptionalDouble.empty() : OptionalDouble.of(whileDraining),
                w.rateScale() == null ? 1.0 : w.rateScale(), w.maxInFlightMessages() == null ? 0 : w.maxInFlightMessages());
        Backlog backlog = new Backlog(w.consumerBacklogSizeGB(), w.backlogDrainRatio(), w.consumeDelay(), w.drainsABacklog());
        return new RunSpec(w.name(), topology(w),
                new Traffic(w.messageSize() == null ? 0 : w.messageSize(), w.keyDistributor(), Optional.ofNullable(w.keys()),
                        Optional.ofNullable(w.partitionWeights()), Optional.ofNullable(w.headers())),
                rate, load, w.length(), new Subscriptions(w.subscriptionOrDefault(), w.pastReads(), backlog),
                new Events(w.faults(), w.consumerEvents(), w.operations()),
                new FeatureSettings(w.cku() == null ? OptionalInt.empty() : OptionalInt.of(w.cku()),
                        w.tieredStorage(), Optional.ofNullable(w.sampleRateMillis()).map(Duration::ofMillis)));
    }

    private static Topology topology(Workload w) {
        List<String> names = w.allExistingTopics();
        ExistingTopics existing = names == null ? ExistingTopics.NONE : new ExistingTopics(names,
                onlyIn(w.existingProduceTopicList(), w), onlyIn(w.existingConsumeTopicList(), w));
        return new Topology(w.topics(), w.partitionsPerTopic() == null ? 0 : w.partitionsPerTopic(), w.producersPerTopic(),
                w.subscriptionsPerTopic(), w.consumerPerSubscription(), existing, w.consumesExistingOnly(), w.splitsTopics());
    }

    /** The topics of {@code list} that are in no list of topics both produced to and consumed from. */
    private static Set<String> onlyIn(List<String> list, Workload w) {
        Set<String> out = new LinkedHashSet<>(list == null ? List.of() : list);
        if (w.existingTopics() != null) {
            out.removeAll(w.existingTopics());
        }
        if (w.existingTopicList() != null) {
            out.removeAll(w.existingTopicList());
        }
        return out;
    }
}
