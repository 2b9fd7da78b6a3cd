package io.kbench.workload.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.ConfigSource;
import io.kbench.config.PlaceholderResolver;
import io.kbench.model.Units;
import io.kbench.workload.KeyDistributorType;
import io.kbench.workload.Length;
import io.kbench.workload.PastReads;
import io.kbench.workload.Rate;
import io.kbench.workload.RateRamp;
import io.kbench.workload.RateStep;
import io.kbench.workload.SubscriptionSpec;
import io.kbench.workload.WorkloadLoader;
import io.kbench.workload.WorkloadOverrides;
import io.kbench.workload.Workloads;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The spec a validated workload normalises into: every default filled in, each form of the file read into one shape. */
class RunSpecsTest {

    private static RunSpec spec(String yaml) {
        return spec(yaml, WorkloadOverrides.NONE);
    }

    private static RunSpec spec(String yaml, WorkloadOverrides overrides) {
        return RunSpecs.of(new WorkloadLoader(new PlaceholderResolver(Map.<String, String>of()::get))
                .load(ConfigSource.of("w.yaml", yaml), overrides).workload());
    }

    @Test
    void aMinimalFileGetsEveryDefault() {
        RunSpec s = spec("""
                messageSize: 100
                producerRate: 1000
                testDuration: 10s
                """);
        assertEquals("w", s.name());
        assertEquals(new Topology(1, 1, 1, 1, 1, ExistingTopics.NONE, false, false), s.topology());
        assertEquals(new Rate.Fixed(1000), s.rate());
        assertEquals(new Length.Timed(Duration.ofMinutes(1), Duration.ofSeconds(10)), s.length());
        assertEquals(new Load(1000, OptionalDouble.empty(), 1.0, 0), s.load());
        assertEquals(100, s.traffic().messageSize());
        assertEquals(KeyDistributorType.NO_KEY, s.traffic().keyDistributor());
        assertTrue(s.traffic().keys().isEmpty() && s.traffic().partitionWeights().isEmpty() && s.traffic().headers().isEmpty());
        assertEquals(SubscriptionSpec.DEFAULT, s.subscriptions().kind());
        assertTrue(s.subscriptions().pastReads().isEmpty());
        assertEquals(new Backlog(0, 1.0, Duration.ZERO, false), s.subscriptions().backlog());
        assertEquals(new Events(List.of(), List.of(), List.of()), s.events());
        assertEquals(new FeatureSettings(OptionalInt.empty(), false, java.util.Optional.empty()), s.features());
        assertEquals(1, s.topology().totalProducers());
        assertEquals(1, s.topology().totalConsumers());
        assertEquals(1, s.topology().totalPartitions());
    }

    @Test
    void noPartOfASpecIsNull() throws Exception {
        for (String yaml : List.of("messageSize: 100\nproducerRate: 1000\ntestDuration: 10s\n",
                "existingConsumeTopicList: [orders]\ntestDuration: 30s\n",
                "producersPerTopic: 0\nprefillMessages: 1000\nmessageSize: 10\n",
                "messageSize: 100\nproducerRate: 1000\nmessageCount: 10\n",
                "messageSize: 100\nproducerRate: 1000\ntestDuration: 10s\nconsumerBacklogSizeGB: 1\n")) {
            assertNoNulls(spec(yaml), yaml);
        }
    }

    /** Every component of {@code r}, and of the spec's records in it, has a value. */
    private static void assertNoNulls(Record r, String yaml) throws Exception {
        for (var c : r.getClass().getRecordComponents()) {
            Object value = c.getAccessor().invoke(r);
            assertTrue(value != null, r.getClass().getSimpleName() + "." + c.getName() + " is null for " + yaml);
            if (value instanceof Record inner && inner.getClass().getPackageName().equals(RunSpec.class.getPackageName())) {
                assertNoNulls(inner, yaml);
            }
        }
    }

    @Test
    void everyFormOfTheRateReadsIntoOneShape() {
        String base = "messageSize: 100\ntestDuration: 10s\n";
        RunSpec unthrottled = spec(base + "producerRate: -1\n");
        assertEquals(new Rate.Unthrottled(), unthrottled.rate());
        assertEquals(Load.UNTHROTTLED, unthrottled.load().perSecond());
        assertTrue(unthrottled.unthrottled());

        RunSpec ramp = spec(base + "producerRateRamp: {from: 100, to: 1000, over: 10s}\n");
        assertEquals(new Rate.Ramp(new RateRamp(100.0, 1000.0, Duration.ofSeconds(10))), ramp.rate());
        assertTrue(ramp.shapedRate());

        RunSpec steps = spec(base + "producerRateSteps: [{rate: 100, for: 5s}, {rate: 200, for: 5s}]\n");
        assertEquals(new Rate.Steps(List.of(new RateStep(100.0, Duration.ofSeconds(5)), new RateStep(200.0, Duration.ofSeconds(5)))),
                steps.rate());

        RunSpec cku = spec(base + "cku: 2\n");
        double ckuRate = 2 * 50 * Units.BYTES_PER_MB / 100.0;
        assertEquals(new Rate.Fixed(ckuRate), cku.rate());
        assertEquals(ckuRate, cku.load().perSecond());
        assertEquals(OptionalInt.of(2), cku.features().cku());

        // producerRate 0 is refused by the loader but for a search (find-max); the spec reads what the file says
        RunSpec search = RunSpecs.of(Workloads.parse(base + "producerRate: 0\nproducerStartRate: 5000\n"));
        assertEquals(new Rate.Search(5000.0), search.rate());
        assertTrue(search.rateDiscovery());

        RunSpec none = spec("producersPerTopic: 0\nprefillMessages: 1000\nmessageSize: 10\n");
        assertEquals(new Rate.None(), none.rate());
        assertEquals(Load.UNTHROTTLED, none.load().perSecond(), "a prefill without a producerRate runs unthrottled");
    }

    @Test
    void aWorkloadWithoutARateIsNoSpec() {
        var e = assertThrows(IllegalArgumentException.class, () -> RunSpecs.of(Workloads.parse("messageSize: 10\n")));
        assertTrue(e.getMessage().contains("no producer rate"), e.getMessage());
    }

    @Test
    void everyFormOfTheLengthReadsIntoOneShape() {
        String base = "messageSize: 100\nproducerRate: 100\n";
        assertEquals(new Length.Count(5000), spec(base + "messageCount: 5000\n").length());
        assertTrue(spec(base + "messageCount: 5000\n").countMode());
        assertEquals(new Length.Timed(Duration.ofMinutes(2), Duration.ofMinutes(15)),
                spec(base + "testDurationMinutes: 15\nwarmupDurationMinutes: 2\n").length());
        assertEquals(new Length.Timed(Duration.ofSeconds(5), Duration.ofSeconds(30)),
                spec(base + "testDuration: 30s\nwarmupDuration: 5s\n").length());
        RunSpec prefill = spec("producersPerTopic: 0\nprefillMessages: 1000\nmessageSize: 10\n");
        assertEquals(new Length.Prefill(1000), prefill.length());
        assertTrue(prefill.consumeOnly());
    }

    @Test
    void existingTopicsAreSplitIntoWhatIsProducedAndWhatIsConsumed() {
        RunSpec s = spec("""
                messageSize: 100
                producerRate: 100
                testDuration: 10s
                existingTopicList: [both]
                existingProduceTopicList: [written]
                existingConsumeTopicList: [read]
                """);
        Topology t = s.topology();
        assertEquals(List.of("both", "written", "read"), t.existing().names());
        assertEquals(Set.of("written"), t.existing().produceOnly());
        assertEquals(Set.of("read"), t.existing().consumeOnly());
        assertEquals(3, t.topics());
        assertFalse(t.partitionsKnown(), "the cluster tells the partitions of existing topics");
        assertTrue(t.produces("both") && t.produces("written") && !t.produces("read"));
        assertTrue(t.consumes("both") && t.consumes("read") && !t.consumes("written"));
        assertTrue(t.splitsTopics());
        assertEquals(0, t.backlogSubscriptions());

        RunSpec asRun = s.withPartitionsPerTopic(6);
        assertNotSame(s, asRun);
        assertEquals(6, asRun.topology().partitionsPerTopic());
        assertEquals(18, asRun.topology().totalPartitions());
        assertEquals(0, s.topology().partitionsPerTopic(), "a wither leaves the spec it copies as it was");
        assertEquals(s.rate(), asRun.rate());
    }

    @Test
    void aConsumeOnlyRunOfExistingTopicsReadsThePast() {
        RunSpec s = spec("""
                existingConsumeTopicList: [orders]
                subscriptionsPerTopic: 2
                testDuration: 30s
                """);
        assertTrue(s.topology().consumesExistingOnly());
        assertEquals(new Rate.None(), s.rate());
        assertEquals(new Length.Timed(Duration.ZERO, Duration.ofSeconds(30)), s.length());
        assertEquals(new PastReads(2, PastReads.From.EARLIEST, 0, 1_000, true), s.subscriptions().pastReads().orElseThrow());
        assertEquals(0, s.traffic().messageSize(), "it sends nothing");
    }

    @Test
    void backlogAndDrainRatesAreReadOnce() {
        RunSpec s = spec("""
                messageSize: 100
                producerRate: 1000
                testDuration: 10s
                consumerBacklogSizeGB: 0.5
                backlogDrainRatio: 0.9
                consumeDelaySeconds: 20
                drainProducerRate: 0
                """);
        assertEquals(new Backlog(0.5, 0.9, Duration.ofSeconds(20), true), s.subscriptions().backlog());
        assertEquals(OptionalDouble.of(0), s.load().whileDraining());
        assertEquals(OptionalDouble.of(0), spec("messageSize: 100\nproducerRate: 1000\ntestDuration: 10s\n"
                + "consumerBacklogSizeGB: 1\nconsumerOnly: true\n").load().whileDraining());
    }

    @Test
    void overridesMakeANewSpec() {
        String yaml = """
                messageSize: 100
                producerRateRamp: {from: 100, to: 1000, over: 10s}
                testDuration: 10s
                maxInFlightMessages: 1
                """;
        RunSpec given = spec(yaml);
        RunSpec rate = spec(yaml, new WorkloadOverrides(null, null, null, null, 500.0));
        assertEquals(new Rate.Fixed(500), rate.rate(), "--rate replaces the ramp");
        assertEquals(500, rate.load().perSecond());
        RunSpec scaled = spec(yaml, new WorkloadOverrides(Duration.ofSeconds(3), Duration.ZERO, 0.5, null, 500.0));
        assertEquals(new Rate.Fixed(250), scaled.rate());
        assertEquals(new Load(250, OptionalDouble.empty(), 0.5, 1), scaled.load());
        assertEquals(new Length.Timed(Duration.ZERO, Duration.ofSeconds(3)), scaled.length());
        RunSpec onTopics = spec(yaml, new WorkloadOverrides(null, null, null, null, null, List.of("a", "b")));
        assertEquals(List.of("a", "b"), onTopics.topology().existing().names());
        assertEquals(2, onTopics.topology().topics());
        assertEquals(given.traffic(), onTopics.traffic());
        assertEquals(new Rate.Ramp(new RateRamp(100.0, 1000.0, Duration.ofSeconds(10))), given.rate(), "the first spec is as it was");
    }
}
