package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default command of the README (no --drivers: a local cluster started by the tool) on the
 * shipped workloads/simple.yaml, shortened so CI stays quick.
 */
class DefaultRunTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void simpleWorkloadOnTheDefaultLocalCluster() throws Exception {
        Cli.Outcome run = Cli.run("--duration", "5s", "--warmup", "2s", "--output-dir", dir.toString(),
                Cli.HOME.resolve("workloads/simple.yaml").toString());

        assertEquals(0, run.exitCode(), run.all());
        assertTrue(run.out().contains("Local Kafka ready at 127.0.0.1:"), run.out());
        JsonNode r = run.result();
        assertEquals("completed", r.get("status").asText());
        assertEquals("simple", r.get("workload").asText());
        assertTrue(r.get("cluster").asText().startsWith("local Kafka 4.3.1, 1 broker"), r.get("cluster").asText());
        double rate = r.get("measurement").get("publishRate").asDouble();
        // Acknowledged within the window: a little over the rate when the warmup ended with sends in flight.
        assertTrue(rate > 0.98 * 10_000 && rate < 1.05 * 10_000, "achieved " + rate);
        JsonNode groups = r.get("driverInfo").get("settingGroups");
        assertEquals("producer", groups.get(0).get("prefix").asText(), "the driver's sweep prefixes, for reports: " + groups);
        assertEquals(5, groups.size(), groups.toString());
        JsonNode periods = r.get("periods");
        JsonNode last = periods.get(periods.size() - 1);
        assertEquals("DRAIN", last.get("phase").asText());
        assertEquals(0, last.get("backlogMessages").asLong(), "the drain consumed everything");
        assertEquals(0, last.get("inFlightMessages").asLong(), "every send was acknowledged");
    }
}
