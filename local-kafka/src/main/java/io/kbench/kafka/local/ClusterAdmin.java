package io.kbench.kafka.local;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.UnregisterBrokerOptions;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.BrokerIdNotRegisteredException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

import io.kbench.driver.DriverException;

/**
 * kbench's own admin client on the local cluster, for the fault API and the brokers' removal. It connects to the
 * {@linkplain ClusterLayout#adminBootstrapServers() admin listeners}: PLAINTEXT, no credentials,
 * and not through the fault proxies, so it still answers during a network freeze.
 */
final class ClusterAdmin implements AutoCloseable {

    private static final int TIMEOUT_MS = 10_000;

    private final Admin admin;

    ClusterAdmin(String bootstrapServers) {
        Properties p = new Properties();
        p.setProperty(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.setProperty(AdminClientConfig.CLIENT_ID_CONFIG, "kbench-local-faults");
        p.setProperty(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        p.setProperty(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, String.valueOf(TIMEOUT_MS));
        // A killed broker is in the bootstrap list: do not wait long before trying another.
        p.setProperty(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "1000");
        this.admin = Admin.create(p);
    }

    /**
     * The node id of the leader of {@code topic}-{@code partition}, as the brokers' metadata
     * says now (a killed leader stays leader until the controller fences it).
     */
    int leaderNodeId(String topic, int partition) {
        TopicDescription description;
        try {
            Map<String, TopicDescription> all = admin.describeTopics(List.of(topic),
                    new DescribeTopicsOptions().timeoutMs(TIMEOUT_MS)).allTopicNames().get(TIMEOUT_MS + 2_000L, TimeUnit.MILLISECONDS);
            description = all.get(topic);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new DriverException("topic " + topic + " does not exist on the local cluster; create it first");
            }
            throw new DriverException("cannot describe topic " + topic + " on the local cluster: "
                    + e.getCause().getMessage() + " (are all brokers killed or paused?)", e.getCause());
        } catch (TimeoutException e) {
            throw new DriverException("cannot describe topic " + topic + ": no broker answered within "
                    + TIMEOUT_MS / 1000 + " s (are all brokers killed or paused?)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while describing topic " + topic, e);
        }
        List<TopicPartitionInfo> partitions = description.partitions();
        if (partition < 0 || partition >= partitions.size()) {
            throw new DriverException("topic " + topic + " has " + partitions.size() + " partition(s), numbered 0 to "
                    + (partitions.size() - 1) + " (got " + partition + ")");
        }
        TopicPartitionInfo info = partitions.get(partition);
        Node leader = info.leader();
        if (leader == null || leader.isEmpty() || leader.id() < 0) {
            throw new DriverException(topic + "-" + partition + " has no leader right now (replicas on nodes "
                    + ids(info.replicas()) + ", none of them in sync and alive); restart a killed broker first");
        }
        return leader.id();
    }

    /**
     * Removes broker {@code nodeId}'s registration from the cluster's metadata, for a broker stopped for good (as
     * {@code kafka-cluster.sh unregister} does).
     *
     * @return false if it was not registered, so there was nothing to remove
     * @throws DriverException if the controller refused or no broker answered within 10 s
     */
    boolean unregisterBroker(int nodeId) {
        try {
            admin.unregisterBroker(nodeId, new UnregisterBrokerOptions().timeoutMs(TIMEOUT_MS)).all()
                    .get(TIMEOUT_MS + 2_000L, TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof BrokerIdNotRegisteredException) {
                return false;
            }
            throw new DriverException("cannot unregister broker " + nodeId + " from the local cluster: "
                    + e.getCause().getMessage() + "; try removing it again", e.getCause());
        } catch (TimeoutException e) {
            throw new DriverException("cannot unregister broker " + nodeId + ": no broker answered within "
                    + TIMEOUT_MS / 1000 + " s (are all brokers killed or paused?); try removing it again", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while unregistering broker " + nodeId, e);
        }
    }

    private static List<Integer> ids(List<Node> nodes) {
        return nodes.stream().map(Node::id).toList();
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(2));
    }
}
