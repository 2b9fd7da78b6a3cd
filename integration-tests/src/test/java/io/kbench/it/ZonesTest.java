package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytes per zone pair on real brokers: the shipped three-zone workload on 3 local brokers in zones az1, az2 and az3,
 * with this process's workers in the same three zones. Read from the leaders, about two thirds of the fetched bytes
 * cross zones; from the closest replica, almost none. Both times the clients' per-broker counts agree with the
 * brokers' own byte counters within the section's stated tolerance. Two clusters of 3 brokers start in turn: about 50 s each
 * on an idle machine, up to three times that on a loaded one.
 */
@Timeout(300)
class ZonesTest {

    @TempDir
    Path dir;

    @Test
    void fetchFromTheClosestReplicaTakesTheFetchedBytesOffTheLinksBetweenZones() throws Exception {
        JsonNode leaders = run("kafka-local-3-zones.yaml", "leaders");
        JsonNode closest = run("kafka-local-3-zones-closest.yaml", "closest");

        double fromLeaders = leaders.get("fetch").get("crossZoneShare").asDouble();
        double fromClosest = closest.get("fetch").get("crossZoneShare").asDouble();
        assertTrue(fromLeaders > 0.5, "reading from the leaders, most fetched bytes cross zones: " + leaders.get("fetch"));
        assertTrue(fromClosest < 0.1, "reading from the closest replica, almost none do: " + closest.get("fetch"));
        for (JsonNode zones : new JsonNode[] {leaders, closest}) {
            // Replication factor 3 over 3 zones: every follower is in another zone than its leader.
            assertTrue(zones.get("replication").get("crossZoneShare").asDouble() > 0.99, zones.get("replication").toString());
            double produce = zones.get("produce").get("crossZoneShare").asDouble();
            assertTrue(produce > 0.4 && produce < 0.9, "a producer's partitions are led from all three zones: " + zones.get("produce"));
        }
    }

    /** The zones section of one run of the shipped workload, shortened, after checking it against the brokers' counts. */
    private JsonNode run(String driverFile, String name) throws Exception {
        Cli.Outcome o = Cli.run("--drivers", Cli.HOME.resolve("driver-kafka").resolve(driverFile).toString(), "--zones", "az1,az2,az3",
                "--warmup", "2s", "--duration", "6s", "--fixed-warmup", "--no-report", "--progress-interval", "2s",
                "--output-dir", dir.resolve(name).toString(), Cli.HOME.resolve("workloads/zones/three-zones.yaml").toString());
        assertEquals(0, o.exitCode(), o.all());
        JsonNode r = o.result();
        assertEquals("completed", r.get("status").asText(), o.all());
        JsonNode zones = r.get("zones");
        assertTrue(zones != null, "a zones section: " + o.all());
        assertEquals(3, zones.get("workerZones").size(), zones.toString());
        assertEquals(3, zones.get("brokerZones").size(), zones.toString());
        assertTrue(o.out().contains("Cross-zone: "), o.out());
        JsonNode check = zones.get("brokerCheck");
        assertEquals(3, check.get("flows").size(), check.toString());
        for (JsonNode flow : check.get("flows")) {
            assertTrue(Math.abs(flow.get("ratio").asDouble() - 1) <= check.get("tolerance").asDouble(), "the clients' count of "
                    + flow.get("flow").asText() + " is within the tolerance of the brokers': " + check);
        }
        System.out.println(driverFile + ": " + zones); // the figures, for the build log
        return zones;
    }
}
