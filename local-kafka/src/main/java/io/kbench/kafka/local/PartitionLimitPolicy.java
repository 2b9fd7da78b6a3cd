package io.kbench.kafka.local;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.apache.kafka.server.policy.CreateTopicPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local cluster's {@code partitionLimit}: a topic creation policy that refuses a topic which would
 * take the cluster beyond a number of partitions (before replication, internal topics left out), as a
 * managed service refuses one beyond its plan's limit. Loaded by the controller of each node from
 * {@value #LIMIT} in the broker properties.
 *
 * <p>The controller asks about one topic at a time and knows nothing of the cluster, so the policy
 * counts the cluster's partitions itself through an admin client on its node's own PLAINTEXT
 * listener (at most once a second), and adds the topics it allowed since then that the cluster
 * does not list yet (a request's earlier topics, not committed while it is judged). Kafka asks the
 * policy about new topics only: partitions added to an existing topic are not checked.
 */
public final class PartitionLimitPolicy implements CreateTopicPolicy {

    /** The broker property holding the limit. */
    public static final String LIMIT = "kbench.partition.limit";
    private static final long REFRESH_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** A topic allowed but still not listed after this long was not created (its request failed): forgotten. */
    private static final long FORGET_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final Logger LOG = LoggerFactory.getLogger(PartitionLimitPolicy.class);

    private long limit;
    private String bootstrap;
    private Admin admin;
    private Map<String, Integer> listed = Map.of();
    private long listedAt = Long.MIN_VALUE;
    /** Topics allowed and not listed yet: partitions and when allowed. */
    private final Map<String, long[]> allowed = new HashMap<>();

    @Override
    public void configure(Map<String, ?> configs) {
        limit = Long.parseLong(String.valueOf(configs.get(LIMIT)).trim());
        bootstrap = ownPlainListener(String.valueOf(configs.get("listeners")));
    }

    /** {@code host:port} of the INTERNAL listener if the node has one, else of PLAINTEXT: no credentials, no proxy. */
    static String ownPlainListener(String listeners) {
        String plain = null;
        for (String l : listeners.split(",")) {
            String listener = l.trim();
            if (listener.startsWith(ClusterLayout.INTERNAL_LISTENER + "://")) {
                return listener.substring(listener.indexOf("://") + 3);
            }
            if (listener.startsWith(ClusterLayout.PLAINTEXT_LISTENER + "://")) {
                plain = listener.substring(listener.indexOf("://") + 3);
            }
        }
        return plain;
    }

    @Override
    public synchronized void validate(RequestMetadata request) throws PolicyViolationException {
        long now = System.nanoTime();
        if (now - listedAt >= REFRESH_NANOS || listedAt == Long.MIN_VALUE) {
            Map<String, Integer> fresh = listPartitions();
            if (fresh != null) {
                listed = fresh;
                listedAt = now;
            }
        }
        long held = 0;
        for (int p : listed.values()) {
            held += p;
        }
        long pending = 0;
        for (Iterator<Map.Entry<String, long[]>> it = allowed.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, long[]> e = it.next();
            if (listed.containsKey(e.getKey()) || now - e.getValue()[1] > FORGET_NANOS) {
                it.remove();
            } else {
                pending += e.getValue()[0];
            }
        }
        int asked = request.numPartitions() != null ? request.numPartitions()
                : request.replicasAssignments() != null ? request.replicasAssignments().size() : 1;
        if (held + pending + asked > limit) {
            throw new PolicyViolationException(String.format(Locale.ROOT, "the cluster's partition limit is %,d partitions "
                    + "(localCluster.partitionLimit): it holds %,d%s, and this topic asks for %,d more", limit, held,
                    pending == 0 ? "" : String.format(Locale.ROOT, ", %,d more are being created", pending), asked));
        }
        allowed.put(request.topic(), new long[] {asked, now});
    }

    /** Partitions of every topic but the internal ones, or null when the node cannot say (then the last count stands). */
    private Map<String, Integer> listPartitions() {
        try {
            if (admin == null) {
                Properties p = new Properties();
                p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
                p.put(AdminClientConfig.CLIENT_ID_CONFIG, "kbench-partition-limit");
                admin = Admin.create(p);
            }
            Set<String> names = admin.listTopics().names().get(10, TimeUnit.SECONDS);
            Map<String, Integer> out = new HashMap<>();
            for (Map.Entry<String, TopicDescription> e : admin.describeTopics(names).allTopicNames().get(10, TimeUnit.SECONDS).entrySet()) {
                out.put(e.getKey(), e.getValue().partitions().size());
            }
            return out;
        } catch (Exception e) {
            LOG.warn("partitionLimit: could not count the cluster's partitions: {}", e.toString());
            return null;
        }
    }

    @Override
    public synchronized void close() {
        if (admin != null) {
            admin.close();
        }
    }
}
