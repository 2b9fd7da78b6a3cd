package io.kbench.features.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Bytes per zone pair from the workers' per-broker counts and where the brokers and partitions are. */
class ZoneTrafficTest {

    /** Brokers 1, 2, 3 in az1, az2, az3; one topic of 3 partitions led by 1, 2, 3, each with a replica on every broker. */
    private static final Placement THREE_ZONES = new Placement(Map.of(1, "az1", 2, "az2", 3, "az3"), Map.of("t", List.of(1, 2, 3)),
            Map.of("t", List.of(List.of(1, 2, 3), List.of(2, 3, 1), List.of(3, 1, 2))), null);

    @Test
    void produceFetchAndReplicationAreCountedPerPairOfZones() {
        // A worker in az1 sends 100 bytes to each broker's partition and reads 300 bytes, all from broker 1 (its own zone).
        ZoneFindings az1 = new ZoneFindings("w1", "az1", 10, Map.of(1, 100L, 2, 100L, 3, 100L), Map.of(1, 300L),
                Map.of("t", List.of(50L, 50L, 50L)), null);
        Zones z = ZoneTraffic.of(List.of(az1), THREE_ZONES, 0, null);

        assertEquals("measured", z.produce().status());
        assertEquals(2.0 / 3, z.produce().crossZoneShare(), 1e-9);
        assertEquals(30.0, z.produce().bytesPerSecond(), 1e-9);
        assertEquals(20.0 * 3600 / 1e9, z.produce().crossZoneGbPerHour(), 1e-15);
        assertEquals(0.0, z.fetch().crossZoneShare(), 1e-9, "read from the replica in its own zone");
        // Replication: 300 wire bytes for 150 payload bytes, so each partition's 50 becomes 100, once per follower (2 each).
        assertEquals(1.0, z.replication().crossZoneShare(), 1e-9);
        assertEquals(600, z.replication().pairs().stream().mapToLong(Zones.Pair::bytes).sum());
        assertEquals(Map.of("w1", "az1"), z.workerZones());
        assertTrue(z.lines().get(0).startsWith("Cross-zone: "), z.lines().toString());
    }

    @Test
    void aBrokerWithoutARackLeavesTheShareUnknownNeverZero() {
        Placement noRacks = new Placement(Map.of(), THREE_ZONES.leaders(), THREE_ZONES.replicas(), null);
        ZoneFindings w = new ZoneFindings("w1", "az1", 10, Map.of(1, 100L), Map.of(1, 100L), Map.of("t", List.of(10L, 0L, 0L)), null);
        Zones z = ZoneTraffic.of(List.of(w), noRacks, 1, null);

        assertTrue(z.fetch().status().startsWith("zones unknown: 100 % of the bytes"), z.fetch().status());
        assertNull(z.fetch().crossZoneShare());
        assertNull(z.fetch().crossZoneBytesPerSecond());
        assertEquals(10.0, z.fetch().bytesPerSecond(), 1e-9, "the bytes are known, only where they went is not");
        assertTrue(z.lines().get(0).contains("zones unknown"), z.lines().toString());
        assertTrue(z.lines().get(1).contains("1 worker(s) without a zone"), "a worker without a zone is counted: " + z.lines());
    }

    @Test
    void withoutTheReplicasReplicationIsNotMeasuredAndADriverThatCannotCountSaysSo() {
        ZoneFindings w = new ZoneFindings("w1", "az1", 10, Map.of(1, 100L), Map.of(1, 100L), Map.of("t", List.of(10L, 0L, 0L)), null);
        Zones z = ZoneTraffic.of(List.of(w), new Placement(THREE_ZONES.racks(), Map.of(), Map.of(), "not measured: no replicas"), 0, null);
        assertEquals("not measured: no replicas", z.replication().status());
        assertNull(z.replication().bytesPerSecond());
        assertEquals("measured", z.fetch().status());

        ZoneFindings blind = new ZoneFindings("w1", "az1", 10, Map.of(), Map.of(), Map.of(), "the driver does not count");
        assertEquals("not measured: the driver does not count", ZoneTraffic.of(List.of(blind), THREE_ZONES, 0, null).fetch().status());
    }

    @Test
    void theBrokersOwnCountsAreSetBesideTheClientsWithTheTolerance() {
        ZoneFindings w = new ZoneFindings("w1", "az1", 10, Map.of(1, 100L), Map.of(1, 130L), Map.of("t", List.of(100L, 0L, 0L)), null);
        Zones z = ZoneTraffic.of(List.of(w), THREE_ZONES, 0, null);
        // The brokers also appended 10 bytes of offset commits, replicated to 2 followers: taken out of their counts.
        Zones.BrokerCheck check = ZoneTraffic.check(z, ZoneTraffic.delta(Map.of("bytesIn", 1000.0, "bytesOut", 0.0, "replicationBytesIn", 0.0,
                "internalBytesIn", 0.0), Map.of("bytesIn", 1105.0, "bytesOut", 100.0, "replicationBytesIn", 220.0, "internalBytesIn", 10.0)), 2);
        assertEquals(List.of("produce", "replication", "fetch"), check.flows().stream().map(Zones.Check::flow).toList());
        assertEquals(100.0 / 95, check.flows().get(0).ratio(), 1e-9);
        assertEquals(1.0, check.flows().get(1).ratio(), 1e-9, "200 measured, 220 - 2 × 10 by the brokers");
        assertEquals(1.3, check.flows().get(2).ratio(), 1e-9);
        assertTrue(!check.withinTolerance(), "fetch is 30 % off");
        assertTrue(z.withBrokerCheck(check).lines().stream().anyMatch(l -> l.contains("differ from the brokers'")));
        assertNull(ZoneTraffic.check(z, Map.of(), 2), "no counts of the brokers: no check");
    }

    @Test
    void theReportsMatrixHasARowPerZoneTheBytesLeftAndAColumnPerZoneTheyReached() {
        ZoneFindings w = new ZoneFindings("w1", "az1", 10, Map.of(1, 100L, 2, 300L), Map.of(), Map.of(), null);
        ZoneMatrix m = ZoneMatrix.of(ZoneTraffic.of(List.of(w), THREE_ZONES, 0, null).produce());
        assertEquals(List.of("az1", "az2"), m.zones());
        assertEquals(10.0, m.cell("az1", "az1"), 1e-9);
        assertEquals(30.0, m.cell("az1", "az2"), 1e-9);
        assertEquals(0.0, m.cell("az2", "az1"), 1e-9);
        assertEquals(2, m.table("t").size(), "a row per zone");
    }

    @Test
    void aWorkersZoneNoBrokerIsInIsOneLine() {
        Map<Integer, String> racks = Map.of(1, "az1", 2, "az2", 3, "az3");
        assertEquals("Zones: no broker is in az4 (brokers in az1, az2, az3): every byte of a worker there crosses zones",
                ZonesFeature.zoneProblem(java.util.Arrays.asList("az1", "az4", null, "az4"), racks).orElseThrow());
        assertTrue(ZonesFeature.zoneProblem(List.of("az1", "az3"), racks).isEmpty());
        assertTrue(ZonesFeature.zoneProblem(List.of("az1"), Map.of()).orElseThrow().startsWith("Zones: no broker names its zone"));
    }
}
