package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Groups that read the past, as a workload says them: consume-only runs of existing topics (and the Redpanda fork's
 * topic lists), catchUp, the producers' rate while a backlog drains, and the one-line refusals of what cannot run.
 */
class PastReadsInWorkloadTest {

    private static final String TIMED = "name: w\nmessageSize: 10\nproducerRate: 1000\ntestDuration: 1m\nsubscriptionsPerTopic: 2\n";

    private static List<String> problems(String yaml) {
        return WorkloadValidator.validate(Workloads.parse(yaml)).stream().map(Problem::message).toList();
    }

    @Test
    void existingTopicsWithoutProducersAreAConsumeOnlyRunFromTheEarliestRecordUntilTheEndOffsets() {
        Workload w = Workloads.parse("name: w\nexistingTopics: [orders]\nproducersPerTopic: 0\nmessageSize: 100\n");
        assertEquals(List.of(), WorkloadValidator.validate(w));
        assertTrue(w.consumesExistingOnly());
        assertFalse(w.consumeOnly(), "not a prefilled run");
        assertEquals(new Length.Timed(Duration.ZERO, Duration.ZERO), w.length(), "no warmup; until the end offsets");
        PastReads p = w.pastReads().orElseThrow();
        assertEquals(new PastReads(1, PastReads.From.EARLIEST, 0, 1_000, true), p);
    }

    @Test
    void theForksConsumeListAloneIsAConsumeOnlyRunAndItsListsNameTheTopics() {
        Workload w = Workloads.parse("name: w\nexistingConsumeTopicList: [a, b]\nmessageSize: 100\ncatchUp: {from: 10m}\n"
                + "testDuration: 30s\n");
        assertEquals(List.of(), WorkloadValidator.validate(w));
        assertTrue(w.consumesExistingOnly());
        assertEquals(List.of("a", "b"), w.allExistingTopics());
        assertEquals(2, w.topics());
        assertEquals(new Rate.None(), w.rate(), "no producers: nothing to produce to");
        assertEquals(600_000, w.pastReads().orElseThrow().ageMillis());
        assertEquals("10m", w.pastReads().orElseThrow().fromText());

        Workload split = Workloads.parse("name: w\nexistingProduceTopicList: [in]\nexistingConsumeTopicList: [out]\nmessageSize: 100\n"
                + "producerRate: 100\ntestDuration: 30s\n");
        assertEquals(List.of(), WorkloadValidator.validate(split));
        assertTrue(split.produces("in") && !split.consumes("in"));
        assertTrue(split.consumes("out") && !split.produces("out"));
        assertTrue(split.splitsTopics());
        assertFalse(split.consumesExistingOnly());

        Workload alias = Workloads.parse("name: w\nexistingTopicList: [x]\nmessageSize: 100\nproducerRate: 100\ntestDuration: 30s\n");
        assertEquals(List.of("x"), alias.allExistingTopics());
        assertTrue(alias.produces("x") && alias.consumes("x"));
        assertEquals(List.of("existingTopicList is the Redpanda fork's name for existingTopics: give one of them"),
                problems("name: w\nexistingTopicList: [x]\nexistingTopics: [y]\nmessageSize: 100\nproducerRate: 100\n"
                        + "testDuration: 30s\n").stream().filter(m -> m.startsWith("existingTopicList is")).toList());
        assertNull(alias.withExistingTopics(List.of("z")).existingTopicList(), "--existing-topics replaces the file's lists");
    }

    @Test
    void aCatchUpNamesTheLastSubscriptionsAndWhereTheyStart() {
        Workload w = Workloads.parse(TIMED.replace("subscriptionsPerTopic: 2", "subscriptionsPerTopic: 3")
                + "catchUp: {subscriptions: 2, from: earliest, caughtUpBelow: 50}\n");
        PastReads p = w.pastReads().orElseThrow();
        assertFalse(p.reads(0, 3));
        assertTrue(p.reads(1, 3) && p.reads(2, 3));
        assertEquals(50, p.caughtUpBelow());
        assertFalse(p.consumeOnly());
        assertTrue(w.drainsABacklog());
    }

    @Test
    void drainProducerRateAndConsumeDelaySecondsAreHonouredWithABacklog() {
        Workload w = Workloads.parse(TIMED + "consumerBacklogSizeGB: 0.1\ndrainProducerRate: 250\nconsumeDelaySeconds: 30\n");
        assertEquals(List.of(), WorkloadValidator.validate(w));
        assertEquals(250.0, w.drainRate());
        assertEquals(Duration.ofSeconds(30), w.consumeDelay());
        assertNull(Workloads.parse(TIMED + "consumerBacklogSizeGB: 0.1\ndrainProducerRate: -1\n").drainRate(), "-1: unset");
        assertEquals(125, w.scaled(0.5).drainProducerRate(), "--scale scales it like the rate");
        assertEquals(List.of(), problems(TIMED + "consumeDelaySeconds: 20\n"), "a delay alone builds a backlog by time");
    }

    @Test
    void badInputIsOneLineNamingTheFieldAndWhatIsAllowed() {
        assertEquals(List.of("a start position on a share group is not supported: a share group starts where "
                + "subscription.shareGroup.autoOffsetReset says (earliest or latest), for the whole group. Make the subscriptions "
                + "consumer groups (subscription.type: consumer) to read the past"),
                problems(TIMED + "catchUp: {}\nsubscription: {type: share}\n"));
        assertEquals(List.of("drainProducerRate sets the producers' rate while a backlog drains, and this workload builds none: give "
                + "consumerBacklogSizeGB, consumeDelaySeconds or a catchUp section, or remove it"), problems(TIMED + "drainProducerRate: 0\n"));
        assertEquals(List.of("drainProducerRate must be -1 (unset), 0 (stopped) or a rate in msg/s, got -5"),
                problems(TIMED + "catchUp: {}\ndrainProducerRate: -5\n"));
        assertEquals(List.of("consumeDelaySeconds must be 0 or more, got -1"), problems(TIMED + "consumeDelaySeconds: -1\n"));
        assertEquals(List.of("catchUp.from must be earliest, end, or an age such as 10m or 1h; got 'yesterday'"),
                problems(TIMED + "catchUp: {from: yesterday}\n"));
        assertEquals(List.of("catchUp.from: end reads only what is written after a group joins, which is what the tailing groups do: "
                + "use earliest or an age"), problems(TIMED + "catchUp: {from: end}\n"));
        assertEquals(List.of("catchUp.subscriptions must be from 1 to subscriptionsPerTopic (2), got 3"),
                problems(TIMED + "catchUp: {subscriptions: 3}\n"));
        assertEquals(List.of("catchUp.from: end reads only what others write during the run: give a testDuration (e.g. 1m), or read "
                + "from earliest (until the end offsets seen at the start)"),
                problems("name: w\nexistingTopics: [t]\nproducersPerTopic: 0\nmessageSize: 1\ncatchUp: {from: end}\n"));
        assertEquals(List.of("a consume-only run of existing topics is measured from the consumers' start, as kafka-consumer-perf-test: "
                + "remove the warmup"), problems("name: w\nexistingTopics: [t]\nproducersPerTopic: 0\nmessageSize: 1\nwarmupDuration: 5s\n"));
        assertEquals(List.of("catchUp cannot be combined with messageCount (a catch-up needs a timed run: use testDuration)"),
                problems("name: w\nmessageSize: 10\nproducerRate: 10\nmessageCount: 100\ncatchUp: {}\n"));
        assertEquals(List.of("sampleRateMillis must be at least 100, got 10"), problems(TIMED + "sampleRateMillis: 10\n"));
        assertEquals(List.of("consumerBacklogSizeGB is built by the run's producers, and this run has none: remove it (the topics' "
                + "records are the past its groups read)"),
                problems("name: w\nexistingTopics: [t]\nproducersPerTopic: 0\nmessageSize: 1\nconsumerBacklogSizeGB: 1\n"));
    }
}
