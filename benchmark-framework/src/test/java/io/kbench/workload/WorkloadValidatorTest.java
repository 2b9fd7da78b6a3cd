package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadValidatorTest {

    private static List<String> problems(String yaml) {
        return WorkloadValidator.validate(Workloads.parse("name: w\n" + yaml)).stream()
                .map(p -> p.field() + ": " + p.message()).toList();
    }

    @Test
    void aCompleteWorkloadHasNoProblems() {
        assertEquals(List.of(), problems("messageSize: 100\nproducerRate: 100\ntestDuration: 1m\n"));
        assertEquals(List.of(), problems("messageSize: 100\nproducerRate: -1\nmessageCount: 5\n"));
    }

    @Test
    void messageSizeBounds() {
        assertEquals(List.of("messageSize: messageSize must be between 1 and 67108864 bytes, got 0"),
                problems("messageSize: 0\nproducerRate: 100\ntestDuration: 1m\n"));
        assertEquals(List.of("messageSize: messageSize is required: the payload size in bytes (or give a payloadFile, payloads, messageSizes or "
                + "messageSizeDistribution)"),
                problems("producerRate: 100\ntestDuration: 1m\n"));
    }

    @Test
    void randomizedPayloadOptions() {
        assertEquals(List.of(
                        "randomBytesRatio: randomBytesRatio must be between 0.0 and 1.0, got 1.5",
                        "randomizedPayloadPoolSize: randomizedPayloadPoolSize must be at least 1, got 0"),
                problems("messageSize: 10\nuseRandomizedPayloads: true\nrandomBytesRatio: 1.5\nrandomizedPayloadPoolSize: 0\n"
                        + "producerRate: 100\ntestDuration: 1m\n"));
    }

    @Test
    void noProducersAndNoSubscriptions() {
        assertEquals(List.of(
                        "producersPerTopic: the workload has no producers and no subscriptions: set producersPerTopic or subscriptionsPerTopic"),
                problems("messageSize: 10\nproducersPerTopic: 0\nsubscriptionsPerTopic: 0\ntestDuration: 1m\n"));
    }

    @Test
    void backlogNeedsConsumersAndATimedRun() {
        assertEquals(List.of(
                        "consumerBacklogSizeGB: a backlog needs consumers to drain it: set subscriptionsPerTopic",
                        "consumerBacklogSizeGB: consumerBacklogSizeGB cannot be combined with messageCount"),
                problems("messageSize: 10\nproducerRate: 10\nmessageCount: 10\nsubscriptionsPerTopic: 0\nconsumerBacklogSizeGB: 1\n"));
    }

    @Test
    void unsupportedOmbOptions() {
        assertEquals(List.of(
                        "producerIncrementRate: producerIncrementRate (OpenMessaging Benchmark's rate ramp) is not supported: remove it",
                        "messageRateReceivedForSubscription: messageRateReceivedForSubscription must be 100: filtered subscriptions are not supported"),
                problems("messageSize: 10\nproducerRate: 10\ntestDuration: 1m\nproducerIncrementRate: 5\n"
                        + "messageRateReceivedForSubscription: 50\n"));
    }

    @Test
    void shortDurations() {
        assertEquals(List.of("testDuration: testDuration must be longer than zero"),
                problems("messageSize: 10\nproducerRate: 10\ntestDuration: 0s\n"));
        assertEquals(List.of("testDurationMinutes: testDurationMinutes must be at least 1; for shorter runs use testDuration, e.g. 30s"),
                problems("messageSize: 10\nproducerRate: 10\ntestDurationMinutes: 0\nwarmupDuration: 0s\n").subList(1, 2));
    }
}
