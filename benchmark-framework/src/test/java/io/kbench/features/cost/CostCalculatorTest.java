package io.kbench.features.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CostCalculatorTest {

    static Path resource(String name) {
        try {
            return Path.of(CostCalculatorTest.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The shipped price files, from the checkout's top level (the tests run in benchmark-framework/). */
    static Path shipped(String name) {
        return Path.of("..", "prices", name);
    }

    private static RunCost.Part part(RunCost cost, String name) {
        return cost.parts().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theHandComputedCase() {
        RunFigures run = ResultReader.read(resource("measured-with-zones.json"));
        PriceFile prices = PriceFileReader.read(resource("round-prices.yaml"));
        // The count of brokers and clients comes from the result: 3 brokers listed, 2 client hosts.
        RunCost cost = CostCalculator.cost(run, prices, new CostSetup(Machines.parse("--brokers", "kafka.m7g.large"), null,
                Machines.parse("--clients", "c7g.xlarge"), null, null, null, false));

        // cluster:    3 × $0.20/h                                              = $0.60/h
        // clients:    2 × $0.15/h                                              = $0.30/h
        // storage:    10 MB/s × 86,400 s (retention.ms 86400000) × RF 3 = 2,592,000 MB = 2,531.25 GB;
        //             × $0.10/GB-month = $253.125/month, / 730 h               = $0.346747/h
        // cross-zone: (2 + 2) MiB/s × 3,600 s = 14,400 MB/h = 14.0625 GB/h; × 2 × $0.01/GB = $0.28125/h
        // data out:   not counted (consumers in the cloud)
        // total:      $1.18125/h + $0.346747/h = $1.527997/h; × 730 h = $862.3125 + $253.125 = $1,115.4375/month
        // per MB/s-month: $1,115.4375 / 10 MB/s = $111.54375
        // per TB: 10 MB/s × 3,600 s = 36,000 MB/h = 0.0343323 TB/h; $1.527997 / 0.0343323 = $44.506
        // traffic share: $0.28125 / $1.527997 = 18.4 %
        assertEquals(0.60, part(cost, "cluster").usdPerHour(), 1e-9);
        assertEquals(0.30, part(cost, "clients").usdPerHour(), 1e-9);
        assertEquals(253.125 / 730, part(cost, "storage").usdPerHour(), 1e-9);
        assertEquals(0.28125, part(cost, "cross-zone").usdPerHour(), 1e-9);
        assertNull(part(cost, "data out").usdPerHour());
        assertEquals(1115.4375, cost.usdPerMonth(), 1e-6);
        assertEquals(111.54375, cost.usdPerMBpsMonth(), 1e-6);
        assertEquals(44.506, cost.usdPerTbIngested(), 0.001);
        assertEquals(0.18406, cost.trafficShare(), 0.00001);
        assertEquals(List.of(), cost.notPriced());
        assertTrue(part(cost, "storage").detail().contains("2,531.25 GB = 10.00 MB/s × 1 d × RF 3"), part(cost, "storage").detail());
        assertTrue(cost.summaryLine().endsWith(": $111.54 per MB/s-month, of which traffic 18 %"), cost.summaryLine());
        // The zones section's produce (1 MiB/s) and fetch (3 MiB/s) are priced; its replication (4 MiB/s) is not billed by
        // MSK, and the line says what a self-managed cluster would add: 4 MiB/s = 14.0625 GB/h × 2 × $0.01 = $0.28125/h.
        assertTrue(part(cost, "cross-zone").detail().contains("replication across zones (4.00 MB/s) not included"),
                part(cost, "cross-zone").detail());
        assertTrue(part(cost, "cross-zone").detail().contains("would pay $0.2813/h more"), part(cost, "cross-zone").detail());
        assertTrue(cost.summaryLine().contains("round-prices.yaml (round figures for a worked example, dated 2026-11-01)"),
                cost.summaryLine());
    }

    @Test
    void consumersOutsideTheCloudPayDataOut() {
        RunFigures run = ResultReader.read(resource("measured-with-zones.json"));
        PriceFile prices = PriceFileReader.read(resource("round-prices.yaml"));
        RunCost cost = CostCalculator.cost(run, prices, new CostSetup(null, null, null, null, null, null, true));
        // 20 MB/s consumed × 3,600 s = 72,000 MB/h = 70.3125 GB/h × $0.09/GB = $6.328125/h
        assertEquals(6.328125, part(cost, "data out").usdPerHour(), 1e-9);
        assertEquals(List.of("cluster", "clients"), cost.notPriced());
        assertTrue(cost.summaryLine().contains("at least $"), cost.summaryLine());
        assertTrue(cost.summaryLine().contains("(not priced: cluster, clients; give --brokers and --clients)"), cost.summaryLine());
        // traffic: cross-zone $0.28125 + data out $6.328125, of those two and storage $0.346747 = 95.0 %
        assertEquals((0.28125 + 6.328125) / (0.28125 + 6.328125 + 253.125 / 730), cost.trafficShare(), 1e-9);
    }

    @Test
    void theMskSizingStudysCluster() {
        // The MSK sizing study: 10,000 events/s × 2,500 B, kept 7 days, replication factor 3, on 4 × kafka.m5.2xlarge in
        // us-east-1. Its storage is 3 × 13.74 TB = 41.22 TB (from 24,400 KB/s, rounded); unrounded 41.25 TB.
        double mbps = 25_000_000 / 1_048_576.0;
        RunFigures run = new RunFigures("study", "msk-sizing", "completed", mbps, "the study's ingress", 0, 4, null, null, 3,
                Duration.ofDays(7), "the study", null, null);
        PriceFile prices = PriceFileReader.read(shipped("aws-us-east-1-2024-06.yaml"));
        RunCost cost = CostCalculator.cost(run, prices, new CostSetup(Machines.parse("--brokers", "kafka.m5.2xlarge"), null, null,
                null, null, null, false));

        double gb = mbps * 604_800 * 3 / 1024;
        assertEquals(41.22 * 1024, gb, 41.22 * 1024 * 0.001, "the study's 41.22 TB, to its rounding");
        double brokerPerHour = prices.broker("kafka.m5.2xlarge").orElseThrow().usd();
        double storagePerGbMonth = prices.storagePerGbMonth().usd();
        assertEquals(4 * brokerPerHour, part(cost, "cluster").usdPerHour(), 1e-9);
        assertEquals(gb * storagePerGbMonth / 730, part(cost, "storage").usdPerHour(), 1e-9);
        assertTrue(part(cost, "cluster").detail().startsWith("4 × kafka.m5.2xlarge"), "the count from the brokers listed");
        assertEquals((4 * brokerPerHour + gb * storagePerGbMonth / 730) * 730 / mbps, cost.usdPerMBpsMonth(), 1e-9);
        // A week of data at RF 3 costs more than the brokers that hold it, at these prices.
        assertTrue(part(cost, "storage").usdPerHour() > part(cost, "cluster").usdPerHour(), cost.toString());
        assertEquals(List.of("clients", "cross-zone"), cost.notPriced());
        assertNull(cost.trafficShare(), "no share of traffic while cross-zone traffic is not priced");
        assertTrue(cost.summaryLine().contains("traffic not priced"), cost.summaryLine());
    }

    @Test
    void whatIsNotKnownIsNotPricedNeverZero() {
        RunFigures run = new RunFigures("r.json", "w", "completed", 5.0, "the measured publish rate", 5.0, null, null, null,
                null, null, "the result does not tell the topics' retention", null, null);
        PriceFile prices = PriceFileReader.read(resource("round-prices.yaml"));
        RunCost cost = CostCalculator.cost(run, prices, new CostSetup(Machines.parse("--brokers", "kafka.m7g.large"), null,
                Machines.parse("--clients", "2xc7g.xlarge"), null, null, null, false));
        assertNull(part(cost, "cluster").usdPerHour());
        assertTrue(part(cost, "cluster").detail().contains("give --brokers COUNTxkafka.m7g.large"), part(cost, "cluster").detail());
        assertNull(part(cost, "storage").usdPerHour());
        assertTrue(part(cost, "storage").detail().contains("the retention is not known (the result does not tell"), part(cost, "storage").detail());
        assertEquals("not priced (zones unknown: the result measured no cross-zone bytes)", part(cost, "cross-zone").detail());
        assertEquals(List.of("cluster", "storage", "cross-zone"), cost.notPriced());
        assertEquals(0.30, cost.usdPerHour(), 1e-9);
    }

    @Test
    void anInstanceTypeThePriceFileLacksIsOneLineNamingItAndTheFile() {
        RunFigures run = ResultReader.read(resource("measured-with-zones.json"));
        PriceFile prices = PriceFileReader.read(resource("round-prices.yaml"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CostCalculator.cost(run, prices,
                new CostSetup(Machines.parse("--brokers", "3xkafka.m5.4xlarge"), null, null, null, null, null, false)));
        assertTrue(e.getMessage().contains("round-prices.yaml has no price for broker type kafka.m5.4xlarge (it prices: "
                + "kafka.m7g.large)"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void aSearchIsPricedAtTheRateItConfirmed() {
        RunFigures run = ResultReader.read(resource("../../result/golden/find-max.json"));
        assertTrue(run.sustainedFrom().startsWith("the search's confirmed rate at its objective"), run.sustainedFrom());
        assertEquals(0.0118198889185804, run.sustainedMBps(), 1e-12);
    }
}
