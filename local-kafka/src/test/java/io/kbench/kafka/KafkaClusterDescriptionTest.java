package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.ClusterDescription;
import io.kbench.driver.SecretNames;
import io.kbench.driver.TopicSpec;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.cluster.LocalClusterSecurity;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Kafka driver's {@code describeCluster} against a real broker with an authorizer: an admin sees the brokers, their
 * non-default configs and the run's topics' configs; a user without DescribeConfigs on the cluster is told what was
 * refused, and still gets the rest.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class KafkaClusterDescriptionTest {

    private static final String ADMIN_PASSWORD = "admin-" + UUID.randomUUID();
    private static final String BENCH_PASSWORD = "bench-" + UUID.randomUUID();
    private static LocalKafkaCluster cluster;

    @BeforeAll
    static void startClusterWithAnAuthorizer() throws Exception {
        cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults()
                .withSecurity(new LocalClusterSecurity("SASL_PLAINTEXT", List.of("PLAIN"), Map.of("admin", ADMIN_PASSWORD,
                        "bench", BENCH_PASSWORD)))
                .withBrokerConfig(Map.of("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
                        // The nodes talk to each other on internal PLAINTEXT listeners, as ANONYMOUS.
                        "super.users", "User:admin;User:ANONYMOUS", "num.io.threads", "3", "log.flush.interval.messages", "50000")),
                line -> { });
        try (Admin admin = Admin.create(new HashMap<>(settings("admin", ADMIN_PASSWORD)))) {
            List<AclBinding> acls = new ArrayList<>();
            for (ResourceType type : List.of(ResourceType.TOPIC, ResourceType.GROUP)) {
                acls.add(new AclBinding(new ResourcePattern(type, "*", PatternType.LITERAL),
                        new AccessControlEntry("User:bench", "*", AclOperation.ALL, AclPermissionType.ALLOW)));
            }
            admin.createAcls(acls).all().get(30, TimeUnit.SECONDS);
        }
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static Map<String, String> settings(String user, String password) {
        Map<String, String> s = new HashMap<>(cluster.clientSettings());
        s.put("sasl.mechanism", "PLAIN");
        s.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"" + user
                + "\" password=\"" + password + "\";");
        return s;
    }

    private static KafkaBenchmarkDriver driver(String user, String password) {
        StringBuilder common = new StringBuilder();
        settings(user, password).forEach((k, v) -> common.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        KafkaBenchmarkDriver d = new KafkaBenchmarkDriver();
        d.initialize(new KafkaDriverConfig(1, null, "retention.ms=3600000", common.toString(), "acks=all", null, null));
        return d;
    }

    @Test
    void anAdminSeesTheBrokersTheirConfigsAndTheTopicsOwnConfigs() throws Exception {
        try (KafkaBenchmarkDriver d = driver("admin", ADMIN_PASSWORD)) {
            String topic = "describe-" + UUID.randomUUID();
            d.createTopics(List.of(new TopicSpec(topic, 2))).get(60, TimeUnit.SECONDS);
            ClusterDescription c = d.describeCluster(List.of(topic)).orElseThrow();
            assertEquals(Map.of(), c.notAvailable());
            assertNotNull(c.clusterId());
            assertTrue(c.controller().startsWith("1 (127.0.0.1:"), c.controller());
            assertEquals(1, c.brokers().size());
            ClusterDescription.Broker b = c.brokers().get(0);
            assertEquals("Kafka 4.3 (metadata.version up to 30)", b.version());
            assertEquals("3", b.performanceConfigs().get("num.io.threads"));
            assertEquals("3", b.performanceConfigs().get("num.network.threads"), "a default in effect is recorded too");
            assertEquals("50000", b.performanceConfigs().get("log.flush.interval.messages"));
            assertEquals("3", b.nonDefaultConfigs().get("num.io.threads"));
            assertEquals("org.apache.kafka.metadata.authorizer.StandardAuthorizer", b.nonDefaultConfigs().get("authorizer.class.name"));
            assertFalse(b.nonDefaultConfigs().containsKey("num.network.threads"), "at its default: " + b.nonDefaultConfigs());
            assertEquals("30", c.features().get("metadata.version"));
            assertEquals(Map.of("retention.ms", "3600000"), c.topicConfigs().get(topic));
            assertEquals("all", c.clientConfigs().get("producer").get("acks"));
            assertEquals(SecretNames.MASK, c.clientConfigs().get("producer").get("sasl.jaas.config"));
            assertFalse(c.toString().contains(ADMIN_PASSWORD), "no secret in the description");
            d.deleteTopics(List.of(topic)).get(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void aUserRefusedDescribeConfigsGetsTheRestAndTheReason() throws Exception {
        try (KafkaBenchmarkDriver d = driver("bench", BENCH_PASSWORD)) {
            String topic = "refused-" + UUID.randomUUID();
            d.createTopics(List.of(new TopicSpec(topic, 1))).get(60, TimeUnit.SECONDS);
            ClusterDescription c = d.describeCluster(List.of(topic)).orElseThrow();
            String refused = c.notAvailable().get("brokerConfigs");
            assertNotNull(refused, c.notAvailable().toString());
            assertTrue(refused.startsWith("refused: ") && refused.contains("ClusterAuthorizationException"), refused);
            assertEquals(1, c.brokers().size(), "the brokers are still listed");
            assertEquals(Map.of(), c.brokers().get(0).nonDefaultConfigs());
            assertEquals("Kafka 4.3 (metadata.version up to 30)", c.brokers().get(0).version(), "versions need no DescribeConfigs");
            assertEquals(Map.of("retention.ms", "3600000"), c.topicConfigs().get(topic), "the topic's ACL allows its configs");
            System.out.println("described without DescribeConfigs on the cluster: " + c.notAvailable());
            d.deleteTopics(List.of(topic)).get(60, TimeUnit.SECONDS);
        }
    }
}
