package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SizeCommandTest {

    private static CommandRun size(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "size";
        System.arraycopy(args, 0, all, 1, args.length);
        return CommandRun.of(all);
    }

    @Test
    void theStudysExample() {
        // The MSK sizing study's topic: 10,000 events/s of 2,500-byte records.
        CommandRun r = size("--rate", "10000", "--record-size", "2500", "--retention", "7d", "--replication-factor", "3", "--brokers", "4");
        assertEquals(0, r.code(), r.err());
        for (String figure : new String[] {"24 MB/s", "13.74 TB", "41.22 TB", "10.3 TB", "1,200 partitions per broker"}) {
            assertTrue(r.out().contains(figure), figure + " in\n" + r.out());
        }
    }

    @Test
    void aRecordSizeInKbIsReadAsTheKbItIsPrintedIn() {
        // Before: 2.5KB was read as 2,500 bytes while every KB printed was 1,024 bytes.
        CommandRun r = size("--rate", "10000", "--record-size", "2.5KB", "--retention", "7d", "--replication-factor", "3", "--brokers", "4");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("2.5KB = 2,560 B"), r.out());
        assertTrue(r.out().contains("10,000 events/s × 2,560 B = 25,600,000 B/s = 25,000 KB/s"), r.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        CommandRun missing = size("--rate", "10000", "--retention", "7d", "--replication-factor", "3");
        assertEquals(2, missing.code());
        assertTrue(missing.err().startsWith("Missing --record-size, --brokers: "), missing.err());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
        assertEquals("", missing.out());

        CommandRun unit = size("--rate", "10000", "--record-size", "2.5XB", "--retention", "7d", "--replication-factor", "3", "--brokers", "4");
        assertEquals(2, unit.code());
        assertEquals(1, unit.err().strip().lines().count(), unit.err());
        assertTrue(unit.err().contains("--record-size has an unknown unit in '2.5XB'"), unit.err());

        CommandRun fewBrokers = size("--rate", "1", "--record-size", "1KB", "--retention", "1d", "--replication-factor", "3", "--brokers", "2");
        assertEquals(2, fewBrokers.code());
        assertTrue(fewBrokers.err().contains("--brokers 2 is fewer than --replication-factor 3"), fewBrokers.err());
    }

    @Test
    void helpDocumentsEveryOption() {
        CommandRun help = size("--help");
        assertEquals(0, help.code());
        for (String option : new String[] {"--rate", "--record-size", "--retention", "--replication-factor", "--brokers",
                "--from-result", "KB = 1,024 bytes", "2.5KB is 2,560 bytes", "25% headroom", "100 x brokers x replication"}) {
            assertTrue(help.out().contains(option), option + " in\n" + help.out());
        }
    }
}
