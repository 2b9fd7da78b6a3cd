package io.kbench.workload.spec;

import io.kbench.workload.Length;
import io.kbench.workload.Rate;
import io.soabase.recordbuilder.core.RecordBuilder;

/**
 * What a run does, as the engine reads it: a validated {@link io.kbench.workload.Workload} normalised once by
 * {@link RunSpecs#of}, in small records with every default filled in. Copies go through the typed withers
 * ({@code spec.withTopology(spec.topology().withPartitionsPerTopic(12))}).
 *
 * @param name the workload's name, shown in results
 * @param topology topics, partitions and clients
 * @param traffic what each message looks like and where it goes
 * @param rate how fast the producers send (one of the file's six ways)
 * @param load the numbers the producers' load starts from
 * @param length how long the run measures
 * @param subscriptions how the subscriptions read: their kind, past reads and backlog
 * @param events faults and consumer events during the measurement
 * @param features the settings of features a workload field turns on
 */
@RecordBuilder
public record RunSpec(String name, Topology topology, Traffic traffic, Rate rate, Load load, Length length,
                      Subscriptions subscriptions, Events events, FeatureSettings features) implements RunSpecBuilder.With {

    /** The run ends after a message count (messageCount). */
    public boolean countMode() {
        return length instanceof Length.Count;
    }

    /** Consume-only: prefilled topics, no producers during the measurement. */
    public boolean consumeOnly() {
        return length instanceof Length.Prefill;
    }

    public boolean unthrottled() {
        return rate instanceof Rate.Unthrottled;
    }

    /** {@code producerRate: 0}: a max-rate search. */
    public boolean rateDiscovery() {
        return rate instanceof Rate.Search;
    }

    /** The rate moves over time (a ramp or steps). */
    public boolean shapedRate() {
        return rate instanceof Rate.Ramp || rate instanceof Rate.Steps;
    }

    /** The same run with {@code n} partitions per topic (existing topics, once the cluster told). */
    public RunSpec withPartitionsPerTopic(int n) {
        return withTopology(topology.withPartitionsPerTopic(n));
    }
}
