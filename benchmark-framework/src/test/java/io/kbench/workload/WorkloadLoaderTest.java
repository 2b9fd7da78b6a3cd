package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadLoaderTest {

    @TempDir
    Path dir;

    private final WorkloadLoader loader = new WorkloadLoader(new PlaceholderResolver(Map.<String, String>of()::get));

    private Path file(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
        return f;
    }

    private LoadedWorkload load(Path f) {
        return loader.load(f, WorkloadOverrides.NONE);
    }

    private ConfigException fails(String yaml) throws IOException {
        Path f = file("w.yaml", yaml);
        return assertThrows(ConfigException.class, () -> load(f));
    }

    @Test
    void ombWorkloadFileParsesWithItsPayloadNextToIt() throws IOException {
        byte[] payload = ("{\"id\":1,\"name\":\"kbench\",\"text\":\"" + "x".repeat(59) + "\"}\n").getBytes(StandardCharsets.UTF_8);
        assertEquals(94, payload.length);
        Files.createDirectories(dir.resolve("omb/payload"));
        Files.write(dir.resolve("omb/payload/payload-json.data"), payload);
        Path f = file("omb/workload.yaml", """
                name: x
                topics: 1
                partitionsPerTopic: 3
                messageSize: 94
                payloadFile: "payload/payload-json.data"
                keyDistributor: "KEY_ROUND_ROBIN"
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 3
                producerRate: 50
                consumerBacklogSizeGB: 0
                testDurationMinutes: 2
                """);
        LoadedWorkload loaded = load(f);
        Workload w = loaded.workload();
        assertEquals(f.toString(), loaded.file());
        assertEquals("x", w.name());
        assertEquals(3, w.partitionsPerTopic());
        assertEquals(3, w.totalProducers());
        assertEquals(1, w.totalConsumers());
        assertEquals(KeyDistributorType.KEY_ROUND_ROBIN, w.keyDistributor());
        assertEquals(50.0, w.producerRate());
        assertEquals(Duration.ofMinutes(2), w.effectiveTestDuration());
        assertEquals(Duration.ofMinutes(1), w.effectiveWarmup(), "OMB's default warmup");
        assertFalse(w.countMode());
        assertArrayEquals(payload, loaded.payload().fileContent());
        assertEquals(1, loaded.payload().materialize().size());
        assertArrayEquals(payload, loaded.payload().materialize().get(0));
    }

    @Test
    void messageSizeIsTakenFromThePayloadFileWhenMissing() throws IOException {
        Files.write(dir.resolve("p.data"), new byte[] {1, 2, 3, 4, 5});
        LoadedWorkload loaded = load(file("w.yaml", "payloadFile: p.data\nproducerRate: 10\ntestDuration: 30s\n"));
        assertEquals(5, loaded.workload().messageSize());
        assertEquals(5, loaded.payload().messageSize());
    }

    @Test
    void payloadFileOfTheWrongSizeNamesBothSizes() throws IOException {
        Files.write(dir.resolve("p.data"), new byte[94]);
        ConfigException e = fails("messageSize: 100\npayloadFile: p.data\nproducerRate: 10\ntestDuration: 30s\n");
        assertEquals(2, e.line());
        assertEquals("payloadFile", e.field());
        assertEquals("payloadFile p.data is 94 bytes but messageSize is 100: make them equal (or drop messageSize to "
                + "use the file's size)", e.problem());
        assertTrue(e.getMessage().startsWith(dir.resolve("w.yaml") + ":2: "), e.getMessage());
    }

    @Test
    void missingPayloadFileSaysWhereItLooked() throws IOException {
        ConfigException e = fails("producerRate: 10\ntestDuration: 30s\npayloadFile: nope.data\n");
        assertEquals(3, e.line());
        assertEquals("payloadFile nope.data not found (looked at " + dir.resolve("nope.data") + " and "
                + dir.getParent().resolve("nope.data") + " and " + Path.of("nope.data").toAbsolutePath() + ")", e.problem());
    }

    @Test
    void anOmbPayloadFileNotHereIsStoodInForByPayloadsOfItsSizeWithANote() throws IOException {
        LoadedWorkload w = load(file("omb.yaml", "producerRate: 10\ntestDuration: 30s\npayloadFile: payload/payload-1Kb.data\n"));
        assertEquals(1024, w.workload().messageSize());
        assertEquals(null, w.payload().fileContent());
        assertEquals(List.of("payloadFile payload/payload-1Kb.data not found next to the workload or here: sending 1024-byte "
                + "payloads of random letters instead, the size OpenMessaging Benchmark's file of that name has (put the file "
                + "next to the workload to send its bytes)"), w.notes());
        ConfigException sizes = fails("producerRate: 10\ntestDuration: 30s\nmessageSize: 50\npayloadFile: payload/payload-100b.data\n");
        assertTrue(sizes.problem().startsWith("payloadFile payload/payload-100b.data not found (looked at"), sizes.problem());
    }

    @Test
    void anOmbPayloadFileInOmbsLayoutIsFoundNextToTheWorkloadsFolder() throws IOException {
        Files.createDirectories(dir.resolve("payload"));
        Files.write(dir.resolve("payload/payload-100b.data"), new byte[100]);
        LoadedWorkload w = load(file("workloads/omb.yaml", "producerRate: 10\ntestDuration: 30s\n"
                + "payloadFile: payload/payload-100b.data\n"));
        assertEquals(100, w.payload().fileContent().length);
        assertEquals(List.of(), w.notes());
    }

    @Test
    void producerRateZeroIsOmbRateDiscoveryRunAsAMaxRateSearch() throws IOException {
        Path f = file("omb.yaml", "messageSize: 100\nproducerRate: 0\nproducerStartRate: 5000\nconsumerBacklogSizeGB: 0\n"
                + "testDurationMinutes: 1\n");
        assertTrue(load(f).workload().rateDiscovery());
        assertFalse(load(file("fixed.yaml", "messageSize: 100\nproducerRate: 10\ntestDuration: 30s\n")).workload().rateDiscovery());
    }

    @Test
    void rateDiscoveryRejectsWhatFixesTheRateOrTheLength() throws IOException {
        ConfigException count = fails("messageSize: 10\nproducerRate: 0\nmessageCount: 1000\n");
        assertEquals(3, count.line());
        assertEquals("producerRate 0 (OpenMessaging Benchmark's rate discovery) searches for the highest rate, measured in "
                + "steps of a set time: remove messageCount and give a testDuration (the confirmation's length)", count.problem());
        ConfigException backlog = fails("messageSize: 10\nproducerRate: 0\ntestDuration: 1m\nconsumerBacklogSizeGB: 1\n");
        assertEquals("producerRate 0 (OpenMessaging Benchmark's rate discovery) searches for the highest rate, measured in "
                + "steps of a set time: a backlog test is a run of its own: remove consumerBacklogSizeGB", backlog.problem());
    }

    @Test
    void findMaxNeedsProducersAndNoRateShape() throws IOException {
        Path f = file("w.yaml", "messageSize: 10\nproducerRateRamp: {from: 10, to: 100, over: 10s}\ntestDuration: 30s\n");
        ConfigException e = assertThrows(ConfigException.class, () -> loader.forSearch().load(f, WorkloadOverrides.NONE));
        assertEquals("find-max searches for the highest rate, measured in steps of a set time: it sets the rate itself: "
                + "remove producerRateRamp", e.problem());
        Path fine = file("ok.yaml", "messageSize: 10\nproducerRate: 500\ntestDuration: 30s\n");
        assertEquals(500.0, loader.forSearch().load(fine, WorkloadOverrides.NONE).workload().producerRate());
    }

    @Test
    void negativeProducerRateOtherThanMinusOneIsRejected() throws IOException {
        ConfigException e = fails("messageSize: 10\nproducerRate: -5\ntestDuration: 30s\n");
        assertEquals("producerRate must be a positive number of messages per second, or -1 for unthrottled; got -5.0",
                e.problem());
        Path ok = file("ok.yaml", "messageSize: 10\nproducerRate: -1\ntestDuration: 30s\n");
        assertTrue(load(ok).workload().unthrottled());
    }

    @Test
    void producerRateWithoutProducers() throws IOException {
        ConfigException e = fails("messageSize: 10\nproducersPerTopic: 0\nproducerRate: 100\ntestDuration: 30s\n");
        assertEquals(dir.resolve("w.yaml") + ": 2 problems:\n"
                + "  line 2: a consume-only workload (producersPerTopic: 0) needs prefillMessages (the messages to produce before the consumers start) or existing topics to read (existingTopics)\n"
                + "  line 3: producerRate is set but the workload has no producers (producersPerTopic: 0)", e.getMessage());
    }

    @Test
    void missingProducerRateIsRequired() throws IOException {
        ConfigException e = fails("messageSize: 10\ntestDuration: 30s\n");
        assertNull(e.line(), "the field is absent, so there is no line");
        assertEquals("producerRate is required: messages per second across all producers, or -1 for unthrottled "
                + "(or give cku to produce at the CKUs' ingress)", e.problem());
    }

    @Test
    void messageCountRunsHaveNoWarmup() throws IOException {
        ConfigException e = fails("messageSize: 10\nproducerRate: -1\nmessageCount: 1000\nwarmupDuration: 10s\n");
        assertEquals(4, e.line());
        assertEquals("a messageCount run measures every message, like kafka-producer-perf-test: remove the warmup or "
                + "use a test duration instead", e.problem());

        Workload w = load(file("ok.yaml", "messageSize: 10\nproducerRate: -1\nmessageCount: 1000\n")).workload();
        assertTrue(w.countMode());
        assertEquals(Duration.ZERO, w.effectiveWarmup(), "no default warmup in message-count mode");
        assertEquals(Duration.ZERO, w.effectiveTestDuration());
    }

    @Test
    void messageCountAndDurationExcludeEachOther() throws IOException {
        ConfigException e = fails("messageSize: 10\nproducerRate: -1\nmessageCount: 1000\ntestDuration: 1m\nwarmupDuration: 0s\n");
        assertEquals(3, e.line());
        assertEquals("give messageCount or a test duration, not both", e.problem());
    }

    @Test
    void neitherDurationNorCount() throws IOException {
        ConfigException e = fails("messageSize: 10\nproducerRate: 10\n");
        assertNull(e.line());
        assertEquals(dir.resolve("w.yaml") + ": set how long to measure: testDuration (e.g. 5m) or testDurationMinutes, "
                + "or messageCount", e.getMessage());
    }

    @Test
    void bothTestDurationAndTestDurationMinutes() throws IOException {
        ConfigException e = fails("messageSize: 10\nproducerRate: 10\ntestDurationMinutes: 5\ntestDuration: 30s\n");
        assertEquals(4, e.line());
        assertEquals("give testDuration or testDurationMinutes, not both", e.problem());
    }

    @Test
    void everyProblemIsReportedAtOnceWithItsLine() throws IOException {
        ConfigException e = fails("""
                name: many
                topics: 0
                messageSize: 10
                producerRate: 0
                logIntervalMillis: 5
                """);
        assertEquals(dir.resolve("w.yaml") + ": 3 problems:\n"
                + "  line 2: topics must be at least 1, got 0\n"
                + "  set how long to measure: testDuration (e.g. 5m) or testDurationMinutes, or messageCount\n"
                + "  line 5: logIntervalMillis must be at least 100, got 5", e.getMessage());
    }

    @Test
    void defaultsAreApplied() throws IOException {
        LoadedWorkload loaded = load(file("my-test.yaml", "messageSize: 64\nproducerRate: 1000\ntestDuration: 30s\n"));
        Workload w = loaded.workload();
        assertEquals("my-test", w.name(), "named after the file");
        assertEquals(1, w.topics());
        assertEquals(1, w.partitionsPerTopic());
        assertEquals(1, w.subscriptionsPerTopic());
        assertEquals(1, w.producersPerTopic());
        assertEquals(1, w.consumerPerSubscription());
        assertEquals(KeyDistributorType.NO_KEY, w.keyDistributor());
        assertEquals(false, w.useRandomizedPayloads());
        assertEquals(1000, w.randomizedPayloadPoolSize());
        assertEquals(0.0, w.consumerBacklogSizeGB());
        assertEquals(1.0, w.backlogDrainRatio());
        assertEquals(Duration.ofSeconds(30), w.effectiveTestDuration());
        assertEquals(Duration.ofMinutes(1), w.effectiveWarmup());
        PayloadSpec p = loaded.payload();
        assertNull(p.fileContent());
        assertFalse(p.randomized());
        assertEquals(64, p.materialize().get(0).length);
    }

    @Test
    void overridesReplaceTheRunLength() throws IOException {
        Path f = file("w.yaml", "messageSize: 10\nproducerRate: -1\nmessageCount: 1000\n");
        Workload w = loader.load(f, new WorkloadOverrides(Duration.ofSeconds(20), Duration.ofSeconds(5))).workload();
        assertFalse(w.countMode(), "a test duration replaces the message count");
        assertEquals(Duration.ofSeconds(20), w.effectiveTestDuration());
        assertEquals(Duration.ofSeconds(5), w.effectiveWarmup());

        Path g = file("g.yaml", "messageSize: 10\nproducerRate: 5\ntestDurationMinutes: 3\nwarmupDurationMinutes: 2\n");
        Workload v = loader.load(g, new WorkloadOverrides(null, Duration.ZERO)).workload();
        assertEquals(Duration.ofMinutes(3), v.effectiveTestDuration(), "kept");
        assertEquals(Duration.ZERO, v.effectiveWarmup());
    }
}
