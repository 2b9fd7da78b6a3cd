package io.kbench.it;

import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * One real KRaft broker on 127.0.0.1 shared by the tests of this JVM (started on first use). The
 * broker runs in a child JVM that exits by itself when this JVM ends. Its data is in memory (/dev/shm)
 * where there is one, as LargeClustersTest's: on this machine's disk the partitions' files and their syncs
 * made the shipped 1000-partition workload's run (WorkloadFilesTest) 35 s instead of 29, which is the disk,
 * not what the tests sharing the broker are about.
 */
final class SharedKafka {

    private static final Path SHM = Path.of("/dev/shm");

    private static LocalKafkaCluster cluster;

    private SharedKafka() {}

    static synchronized String bootstrap() {
        if (cluster == null) {
            LocalClusterConfig config = LocalClusterConfig.defaults();
            cluster = LocalKafkaCluster.start(Files.isDirectory(SHM) && Files.isWritable(SHM) ? config.withDataDir(SHM.toString())
                    : config, line -> {});
        }
        return cluster.bootstrapServers();
    }

    static Admin admin() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap());
        return Admin.create(p);
    }

    static Set<String> topics() throws Exception {
        try (Admin admin = admin()) {
            return admin.listTopics().names().get(30, TimeUnit.SECONDS);
        }
    }
}
