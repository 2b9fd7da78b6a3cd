package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.features.cost.CostCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** bin/benchmark cost, as a user types it, on result files. */
class CostCommandTest {

    private static String resource(String name) {
        try {
            return Path.of(CostCommandTest.class.getResource(name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final String MEASURED = resource("/io/kbench/features/cost/measured-with-zones.json");
    private static final String ROUND_PRICES = resource("/io/kbench/features/cost/round-prices.yaml");
    private static final String FIND_MAX = resource("/io/kbench/result/golden/find-max.json");
    private static final String US_EAST_1 = Path.of("..", "prices", "aws-us-east-1-2024-06.yaml").toString();

    private static CommandRun cost(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "cost";
        System.arraycopy(args, 0, all, 1, args.length);
        return CommandRun.of(all);
    }

    @Test
    void pricesAMeasuredRunPartByPart() {
        CommandRun r = cost(MEASURED, "--prices", ROUND_PRICES, "--brokers", "3xkafka.m7g.large", "--clients", "2xc7g.xlarge");
        assertEquals(0, r.code(), r.all());
        for (String line : new String[] {
            "  prices: " + ROUND_PRICES + " (round figures for a worked example, dated 2026-11-01): not real prices",
            "  cluster          $0.6000  3 × kafka.m7g.large at $0.2000/h",
            "  clients          $0.3000  2 × c7g.xlarge at $0.1500/h",
            "  storage          $0.3467  2,531.25 GB = 10.00 MB/s × 1 d × RF 3, at $0.1000/GB-month (retention: retention.ms "
                    + "in the driver file's topicConfig)",
            "  cross-zone       $0.2813  4.00 MB/s measured (produce and fetch) = 14.06 GB/h, at 2 × $0.0100/GB (out of one zone, into the other); replication across zones (4.00 MB/s) not included: managed services do not bill it, a self-managed cluster would pay $0.2813/h more",
            "  total            $1.5280  $1,115.44 per month (730 h)",
            "  sustained: 10.00 MB/s (the measured publish rate)",
            "  $111.54 per MB/s-month, $44.51 per TB ingested; traffic 18 % of the priced total",
        }) {
            assertTrue(r.out().contains(line + "\n"), line + "\nin\n" + r.out());
        }
        assertTrue(r.out().contains(": $111.54 per MB/s-month, of which traffic 18 %"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void aShippedPriceFilePricesAFindMaxAtTheRateItConfirmed() {
        CommandRun r = cost(FIND_MAX, "--prices", US_EAST_1, "--brokers", "3xkafka.m7g.large", "--clients", "1xc7g.large");
        assertEquals(0, r.code(), r.all());
        assertTrue(r.out().contains("sustained: 0.01 MB/s (the search's confirmed rate at its objective ("), r.out());
        assertTrue(r.out().contains("per MB/s-month"), r.out());
        // The in-memory run knows no retention and no zones: said, and left out of the total.
        assertTrue(r.out().contains("(not priced, left out: storage, cross-zone)"), r.out());
        assertTrue(r.out().contains("  cross-zone             -  not priced (zones unknown"), r.out());
        // The shipped files are dated 2024-06-01: more than a year before any day this test runs.
        assertTrue(r.out().startsWith("warning: " + US_EAST_1 + " is dated 2024-06-01, more than a year before today"), r.out());
    }

    @Test
    void aCkuCheckIsPricedInCkusWithStorageBilledOnce() {
        String cku = resource("/io/kbench/result/golden/cku-check.json");
        String confluent = Path.of("..", "prices", "confluent-cloud-2024-06.yaml").toString();
        CommandRun r = cost(cku, "--prices", confluent, "--clients", "2xc7g.xlarge", "--retention", "7d");
        assertEquals(0, r.code(), r.all());
        assertTrue(r.out().contains(" 1 CKU at $2.2500/h (the run's CKU check)"), r.out());
        assertTrue(r.out().contains("× 7 d (billed before replication), at $0.1000/GB-month (retention: --retention)"), r.out());

        CommandRun msk = cost(cku, "--prices", US_EAST_1, "--ckus", "2");
        assertEquals(2, msk.code());
        assertTrue(msk.err().startsWith(US_EAST_1 + " has no price for CKUs (ckus.perHour)"), msk.err());
    }

    @Test
    void anInstanceTypeThePriceFileLacksIsOneLine() {
        CommandRun r = cost(MEASURED, "--prices", US_EAST_1, "--brokers", "3xkafka.m9.huge");
        assertEquals(2, r.code());
        assertEquals(US_EAST_1 + " has no price for broker type kafka.m9.huge (it prices: kafka.m5.2xlarge, kafka.m5.large, "
                + "kafka.m5.xlarge, kafka.m7g.large, kafka.m7g.xlarge)\n", r.err());
        assertEquals("", r.out());

        CommandRun client = cost(MEASURED, "--prices", ROUND_PRICES, "--clients", "2xc5.large");
        assertEquals(2, client.code());
        assertTrue(client.err().startsWith(ROUND_PRICES + " has no price for client type c5.large"), client.err());
        assertEquals(1, client.err().lines().count(), client.err());
    }

    @Test
    void badOptionsAndFilesAreOneLine() {
        CommandRun count = cost(MEASURED, "--prices", ROUND_PRICES, "--brokers", "three kafka.m7g.large");
        assertEquals(2, count.code());
        assertTrue(count.err().startsWith("--brokers must be COUNTxTYPE, e.g. 3xkafka.m7g.large"), count.err());
        CommandRun noFile = cost("no-such.json", "--prices", ROUND_PRICES);
        assertEquals(2, noFile.code());
        assertEquals("no-such.json: no such file\n", noFile.err());
        CommandRun noPrices = cost(MEASURED, "--prices", "no-such.yaml");
        assertEquals(2, noPrices.code());
        assertEquals("--prices no-such.yaml: no such file\n", noPrices.err());
        CommandRun noPriceFile = cost(MEASURED);
        assertEquals(2, noPriceFile.code());
        assertTrue(noPriceFile.err().startsWith("Missing --prices FILE: e.g. "), noPriceFile.err());
        assertEquals(1, noPriceFile.err().lines().count(), noPriceFile.err());
        CommandRun retention = cost(MEASURED, "--prices", ROUND_PRICES, "--retention", "a week");
        assertEquals(2, retention.code());
        assertTrue(retention.err().startsWith("--retention must be a duration like 7d"), retention.err());
    }

    @Test
    void theWarningOfAnOldFileFollowsTheInjectedClock() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        Clock nextMonth = Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC);
        int code = new CommandLine(new CostCommand(o, o, nextMonth)).execute(MEASURED, "--prices", ROUND_PRICES);
        assertEquals(0, code);
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("warning:"), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpDocumentsEveryOption() {
        CommandRun help = cost("--help");
        assertEquals(0, help.code());
        for (String option : new String[] {"--prices", "--brokers", "--ckus", "--clients", "--storage-gb", "--retention",
                "--replication-factor", "--consumers-outside", "not priced", "730 h", "Exit status"}) {
            assertTrue(help.out().contains(option), option + " in\n" + help.out());
        }
    }
}
