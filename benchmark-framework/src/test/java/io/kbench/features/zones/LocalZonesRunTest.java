package io.kbench.features.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cli.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/benchmark --zones} on the in-memory driver, which counts no bytes per broker: one worker per zone runs
 * the load, the zones section names them, and its flows say they were not measured rather than 0.
 */
class LocalZonesRunTest {

    @TempDir
    Path dir;

    @Test
    void aLocalRunSpreadsItsClientsOverTheZonesAndSaysWhatItCouldNotMeasure() throws Exception {
        Path driver = Files.writeString(dir.resolve("mem.yaml"), "name: mem\ndriverClass: inmemory\n");
        Path workload = Files.writeString(dir.resolve("w.yaml"), """
                partitionsPerTopic: 3
                messageSize: 100
                producersPerTopic: 2
                consumerPerSubscription: 2
                producerRate: 200
                warmupDuration: 0s
                testDuration: 1s
                """);
        CommandRun r = CommandRun.of("--drivers", driver.toString(), "--zones", "az1,az2", "--output-dir", dir.resolve("out").toString(),
                workload.toString());

        assertEquals(0, r.code(), r.all());
        assertTrue(r.out().contains("local-az1: 1 producer(s)") && r.out().contains("local-az2: 1 producer(s)"), r.out());
        JsonNode zones = new ObjectMapper().readTree(r.resultFile().toFile()).get("zones");
        assertEquals("az2", zones.get("workerZones").get("local-az2").asText(), zones.toString());
        assertTrue(zones.get("fetch").get("status").asText().startsWith("not measured: the driver does not count"), zones.toString());
        assertTrue(zones.get("fetch").get("crossZoneShare").isNull(), "unknown, never 0: " + zones);
        assertTrue(r.out().contains("Cross-zone: zones unknown"), r.out());
        assertTrue(Files.readString(Path.of(r.resultFile().toString().replace(".json", ".html"))).contains("Cross-zone traffic"));
    }

    @Test
    void zonesAreForThisProcesssWorkersAndEachNamedOnce() {
        CommandRun remote = CommandRun.of("--zones", "az1", "--workers", "http://127.0.0.1:1", "w.yaml");
        assertEquals(2, remote.code(), remote.all()); // bad input
        assertTrue(remote.err().startsWith("--zones places the workers of this process"), remote.err());
        CommandRun twice = CommandRun.of("--zones", "az1,az1", "w.yaml");
        assertTrue(twice.err().startsWith("--zones names a zone twice"), twice.err());
        assertFalse(twice.code() == 0);
    }
}
