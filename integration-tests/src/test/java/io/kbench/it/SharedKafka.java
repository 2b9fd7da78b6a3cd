package io.kbench.it;

import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * One real KRaft broker on 127.0.0.1 shared by the tests of this JVM (started on first use). The
 * broker runs in a child JVM that exits by itself when this JVM ends.
 */
final class SharedKafka {

    private static LocalKafkaCluster cluster;

    private SharedKafka() {}

    static synchronized String bootstrap() {
        if (cluster == null) {
            cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults(), line -> {});
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
