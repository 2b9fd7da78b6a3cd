package io.kbench.kafka.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalClusterMeansTest {

    @TempDir
    Path dir;

    private static final LocalClusterMeans THIS_KIND_OF_MACHINE = new LocalClusterMeans(20_000, 65_530);

    @Test
    void twentyThousandPartitionsOnOneBrokerNeedMoreOpenFilesThanAllowedAndItSaysWhatWouldDo() {
        String problem = THIS_KIND_OF_MACHINE.problem(LocalClusterConfig.defaults(), 20_000, 1);

        assertEquals("localCluster: 20,000 partitions (replication factor 1) on 1 broker(s) need about 20,500 open files in each "
                + "broker JVM (one per partition replica it holds, 20,000, plus 500), and this machine allows a process 20,000 "
                + "(ulimit -n): use localCluster.brokers: 2 or more, or raise the limit", problem);
    }

    @Test
    void moreBrokersShareThePartitionsOut() {
        assertNull(THIS_KIND_OF_MACHINE.problem(LocalClusterConfig.ofBrokers(2), 20_000, 1));
        assertNull(THIS_KIND_OF_MACHINE.problem(LocalClusterConfig.defaults(), 12_000, 1));
        assertTrue(THIS_KIND_OF_MACHINE.problem(LocalClusterConfig.ofBrokers(3), 20_000, 3).contains("brokers: 4 or more"),
                "replicas count: 60,000 of them on 3 brokers");
    }

    @Test
    void memoryMapsAreCheckedToo() {
        String problem = new LocalClusterMeans(1_000_000, 65_530).problem(LocalClusterConfig.defaults(), 40_000, 1);
        assertTrue(problem.startsWith("localCluster: 40,000 partitions (replication factor 1) on 1 broker(s) need about 85,000 memory "
                + "maps"), problem);
        assertTrue(problem.endsWith("use localCluster.brokers: 2 or more, or raise vm.max_map_count"), problem);
    }

    @Test
    void unknownLimitsAreNoProblem() {
        assertNull(new LocalClusterMeans(-1, -1).problem(LocalClusterConfig.defaults(), 1_000_000, 3));
    }

    @Test
    void theHardOpenFilesLimitIsRead() throws Exception {
        Path limits = Files.write(dir.resolve("limits"), List.of("Limit                     Soft Limit           Hard Limit           Units",
                "Max open files            1024                 20000                files"));
        assertEquals(20_000, LocalClusterMeans.openFilesLimit(limits), "a JVM raises its soft limit to the hard one");
        assertEquals(-1, LocalClusterMeans.openFilesLimit(dir.resolve("absent")));
        assertTrue(LocalClusterMeans.ofThisMachine() != null);
    }

    @Test
    void aPartitionLimitBelowOneIsRefused() {
        assertTrue(LocalClusterConfig.defaults().withPartitionLimit(0).problems().get(0).startsWith("localCluster.partitionLimit must "
                + "be at least 1 (got 0)"));
        assertEquals(List.of(), LocalClusterConfig.defaults().withPartitionLimit(4_500).problems());
        assertEquals(4_500, LocalClusterConfig.defaults().withPartitionLimit(4_500).withShareGroups(false).partitionLimit());
    }
}
