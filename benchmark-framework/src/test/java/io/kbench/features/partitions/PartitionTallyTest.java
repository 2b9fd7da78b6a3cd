package io.kbench.features.partitions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class PartitionTallyTest {

    @Test
    void countsPerPartitionOnEachThreadAndMergesThemWhenRead() throws Exception {
        PartitionTally sums = new PartitionTally(PartitionTally.Third.SUM);
        sums.count(0, 100, 5);
        sums.count(40, 10, 1); // past the first arrays: they grow
        Thread other = new Thread(() -> {
            sums.count(0, 50, 7);
            sums.count(-1, 50, 7); // the driver did not say: not counted
        });
        other.start();
        other.join();
        long[][] s = sums.snapshot();
        assertArrayEquals(new long[] {2, 150, 12}, new long[] {s[0][0], s[1][0], s[2][0]});
        assertArrayEquals(new long[] {1, 10, 1}, new long[] {s[0][40], s[1][40], s[2][40]});

        PartitionTally max = new PartitionTally(PartitionTally.Third.MAX);
        max.count(3, 0, 10);
        max.count(3, 0, 4);
        assertArrayEquals(new long[] {2, 10}, new long[] {max.snapshot()[0][3], max.snapshot()[2][3]}, "positions keep the furthest");
    }
}
