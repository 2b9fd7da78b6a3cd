package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.DriverException;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.cluster.LocalClusterSecurity;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The secured client listener, against real brokers: one SASL_SSL cluster (PLAIN + SCRAM-SHA-512)
 * shared by most tests, plus an SSL-only and a 3-broker SASL_PLAINTEXT/SCRAM-SHA-256 cluster.
 */
@Timeout(value = 45, unit = TimeUnit.SECONDS)
class LocalKafkaClusterSecurityTest {

    /** Passwords with characters that JAAS and the SCRAM formatter syntax would trip over. */
    private static final String BENCH_PASSWORD = "b\"e\\n,c]h=" + UUID.randomUUID() + " é";
    private static final String ALICE_PASSWORD = "alice-" + UUID.randomUUID();

    private static final List<String> progress = new ArrayList<>();
    private static LocalKafkaCluster saslSsl;
    private static long saslSslStartMs;

    @BeforeAll
    static void startSaslSsl() {
        Map<String, String> users = new LinkedHashMap<>();
        users.put("bench", BENCH_PASSWORD);
        users.put("alice.b-1", ALICE_PASSWORD);
        long t0 = System.nanoTime();
        saslSsl = LocalKafkaCluster.start(LocalClusterConfig.defaults().withSecurity(LocalClusterSecurity.saslSsl(users)),
                progress::add);
        saslSslStartMs = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("SASL_SSL 1 broker: ready in %d ms (%s)%n", saslSslStartMs, progress);
    }

    @AfterAll
    static void stopSaslSsl() {
        if (saslSsl != null) {
            saslSsl.close();
            assertFalse(Files.exists(saslSsl.directory()), "temp dir with key material deleted");
        }
    }

    @Test
    void describesProtocolAndGivesClientSettings() {
        String bootstrap = saslSsl.bootstrapServers();
        assertTrue(bootstrap.matches("127\\.0\\.0\\.1:\\d+"), bootstrap);
        assertTrue(saslSsl.description().startsWith("local Kafka " + saslSsl.kafkaVersion() + ", 1 broker at " + bootstrap
                + " over SASL_SSL (PLAIN, SCRAM-SHA-512) (data in "), saslSsl.description());
        Map<String, String> s = saslSsl.clientSettings();
        assertEquals(List.of("bootstrap.servers", "security.protocol", "ssl.truststore.location", "ssl.truststore.type",
                "ssl.truststore.password"), new ArrayList<>(s.keySet()));
        assertEquals(bootstrap, s.get("bootstrap.servers"));
        assertEquals("SASL_SSL", s.get("security.protocol"));
        assertEquals("PKCS12", s.get("ssl.truststore.type"));
        assertTrue(Files.isRegularFile(Path.of(s.get("ssl.truststore.location"))));
        assertTrue(s.get("ssl.truststore.password").length() >= 20);
        assertThrows(UnsupportedOperationException.class, () -> saslSsl.clientSettings().put("x", "y"));
        assertEquals("Starting local Kafka " + saslSsl.kafkaVersion() + " (1 broker, SASL_SSL (PLAIN, SCRAM-SHA-512))...",
                progress.get(0));
        assertTrue(progress.get(1).matches("Local Kafka ready at 127\\.0\\.0\\.1:\\d+ over SASL_SSL in \\d+\\.\\d s"),
                progress.get(1));
    }

    @Test
    void saslSslPlainRoundTripWithHostnameVerification() throws Exception {
        roundTrip(saslSsl, sasl(saslSsl, "PLAIN", "bench", BENCH_PASSWORD), "plain-topic", 1);
    }

    @Test
    void saslSslScramSha512RoundTripWithHostnameVerification() throws Exception {
        roundTrip(saslSsl, sasl(saslSsl, "SCRAM-SHA-512", "bench", BENCH_PASSWORD), "scram-topic", 1);
        // The second user works too.
        assertEquals(1, describeCluster(sasl(saslSsl, "SCRAM-SHA-512", "alice.b-1", ALICE_PASSWORD)));
    }

    @Test
    void wrongPasswordFailsQuicklyWithSaslAuthenticationException() {
        for (String mechanism : List.of("PLAIN", "SCRAM-SHA-512")) {
            long t0 = System.nanoTime();
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> describeCluster(sasl(saslSsl, mechanism, "bench", "not-" + BENCH_PASSWORD)));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertInstanceOf(SaslAuthenticationException.class, e.getCause(), mechanism + ": " + e);
            assertTrue(ms < 15_000, mechanism + " took " + ms + " ms");
            System.out.printf("wrong password (%s) rejected in %d ms%n", mechanism, ms);
        }
        // An unknown user as well.
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> describeCluster(sasl(saslSsl, "SCRAM-SHA-512", "mallory", ALICE_PASSWORD)));
        assertInstanceOf(SaslAuthenticationException.class, e.getCause(), e.toString());
    }

    @Test
    void clientWithoutTruststoreFailsTheTlsHandshake() {
        Map<String, String> settings = sasl(saslSsl, "PLAIN", "bench", BENCH_PASSWORD);
        settings.keySet().removeIf(k -> k.startsWith("ssl.truststore."));
        ExecutionException e = assertThrows(ExecutionException.class, () -> describeCluster(settings));
        assertInstanceOf(SslAuthenticationException.class, e.getCause(), e.toString());
    }

    @Test
    void passwordsStayOffTheCommandLineTheLogAndGroupReadableFiles() throws Exception {
        // Make the broker log something about clients first (a failed login).
        assertThrows(ExecutionException.class, () -> describeCluster(sasl(saslSsl, "PLAIN", "bench", "wrong")));
        String truststorePassword = saslSsl.clientSettings().get("ssl.truststore.password");
        Process ps = new ProcessBuilder("ps", "-o", "args=", "-p", String.valueOf(saslSsl.brokerPid(0)))
                .redirectErrorStream(true).start();
        String args = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(ps.waitFor(10, TimeUnit.SECONDS));
        assertTrue(args.contains(LocalNodeMain.class.getName()) && args.contains("--security"), args);
        String log = Files.readString(saslSsl.logFile(), StandardCharsets.UTF_8);
        for (String secret : List.of(BENCH_PASSWORD, ALICE_PASSWORD, truststorePassword,
                LocalClusterSecrets.jaasQuote(BENCH_PASSWORD))) {
            assertFalse(args.contains(secret), "password on the child's command line");
            assertFalse(log.contains(secret), "password in broker.log");
        }
        for (Path file : List.of(saslSsl.directory().resolve(LocalClusterSecrets.SETTINGS_FILE),
                saslSsl.directory().resolve(LocalClusterSecrets.KEYSTORE_FILE),
                saslSsl.directory().resolve(LocalClusterSecrets.TRUSTSTORE_FILE),
                saslSsl.directory().resolve("data").resolve("node-1.properties"))) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), file.toString());
        }
        assertFalse(Files.exists(saslSsl.directory().resolve("keystore.pass")));
        assertFalse(saslSsl.toString().contains(BENCH_PASSWORD));
    }

    @Test
    void sslOnlyWorksWithoutSasl() throws Exception {
        LocalClusterConfig config = LocalClusterConfig.defaults()
                .withSecurity(new LocalClusterSecurity("ssl", null, null));
        long t0 = System.nanoTime();
        try (LocalKafkaCluster cluster = LocalKafkaCluster.start(config, null)) {
            System.out.printf("SSL 1 broker: ready in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
            assertTrue(cluster.description().contains(" over SSL (data in "), cluster.description());
            Map<String, String> settings = new HashMap<>(cluster.clientSettings());
            assertEquals("SSL", settings.get("security.protocol"));
            settings.put("ssl.endpoint.identification.algorithm", "https");
            roundTrip(cluster, settings, "ssl-topic", 1);
        }
    }

    @Test
    void threeBrokersOverSaslPlaintextWithScramSha256() throws Exception {
        LocalClusterConfig config = LocalClusterConfig.ofBrokers(3).withSecurity(
                new LocalClusterSecurity("SASL_PLAINTEXT", List.of("SCRAM-SHA-256"), Map.of("bench", BENCH_PASSWORD)));
        long t0 = System.nanoTime();
        try (LocalKafkaCluster cluster = LocalKafkaCluster.start(config, null)) {
            System.out.printf("SASL_PLAINTEXT 3 brokers: ready in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
            assertEquals(Map.of("bootstrap.servers", cluster.bootstrapServers(), "security.protocol", "SASL_PLAINTEXT"),
                    cluster.clientSettings());
            assertTrue(cluster.description().contains(" over SASL_PLAINTEXT (SCRAM-SHA-256) (data in "),
                    cluster.description());
            Map<String, String> settings = sasl(cluster, "SCRAM-SHA-256", "bench", BENCH_PASSWORD);
            assertEquals(3, describeCluster(settings));
            // Replication and the group coordinator run over the internal listeners; every node
            // knows the SCRAM user (records come from format time).
            roundTrip(cluster, settings, "rf3-topic", 3);
        }
    }

    @Test
    void startFailureWithSecurityReportsLogTailWithoutSecrets() throws Exception {
        Set<Path> before = tempDirs();
        LocalClusterConfig config = new LocalClusterConfig(1, Map.of("num.partitions", "not-a-number"), null,
                LocalClusterSecurity.saslSsl(Map.of("bench", ALICE_PASSWORD)));
        DriverException e = assertThrows(DriverException.class, () -> LocalKafkaCluster.start(config, null));
        assertTrue(e.getMessage().startsWith("Cannot start the local Kafka cluster (1 broker): "), e.getMessage());
        assertTrue(e.getMessage().contains("Last lines of the broker log"), e.getMessage());
        assertTrue(e.getMessage().contains("num.partitions"), e.getMessage());
        assertFalse(e.getMessage().contains(ALICE_PASSWORD), e.getMessage());
        assertEquals(before, tempDirs(), "no temp dir (nor key material) left behind");
    }

    private static Set<Path> tempDirs() throws Exception {
        Set<Path> dirs = new TreeSet<>();
        try (var s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            // This JVM's own: test classes in another JVM start and stop clusters meanwhile.
            s.filter(p -> p.getFileName().toString().startsWith(LocalKafkaCluster.ownTempPrefix())).forEach(dirs::add);
        }
        return dirs;
    }

    // ---- problems(): no broker needed

    @Test
    @Timeout(5)
    void securityDefaultsAndProblems() {
        LocalClusterSecurity d = LocalClusterSecurity.saslSsl(Map.of("u", "secret-pw"));
        assertEquals("SASL_SSL", d.protocol());
        assertEquals(List.of("PLAIN", "SCRAM-SHA-512"), d.mechanisms());
        assertEquals(List.of(), d.problems());
        assertFalse(d.toString().contains("secret-pw"), d.toString());
        assertFalse(LocalClusterConfig.defaults().withSecurity(d).toString().contains("secret-pw"));
        assertEquals("SASL_SSL", new LocalClusterSecurity(null, null, Map.of("u", "p")).protocol());
        assertEquals(List.of(), new LocalClusterSecurity("SSL", null, null).mechanisms());
        assertEquals(List.of(), new LocalClusterSecurity("ssl", List.of(), null).problems());
        assertEquals(List.of("SCRAM-SHA-256"),
                new LocalClusterSecurity("sasl_plaintext", List.of("scram-sha-256", "SCRAM-SHA-256"), Map.of("u", "p"))
                        .mechanisms());

        assertEquals(List.of("localCluster.security.protocol must be one of SASL_SSL, SASL_PLAINTEXT, SSL (got TLS)"),
                problems(new LocalClusterSecurity("tls", null, Map.of("u", "secret-pw"))));
        assertEquals(List.of("localCluster.security.mechanisms may only contain PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 (got GSSAPI)"),
                problems(new LocalClusterSecurity(null, List.of("PLAIN", "GSSAPI"), Map.of("u", "secret-pw"))));
        assertEquals(List.of("localCluster.security.mechanisms must name at least one of PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 "
                        + "for protocol SASL_SSL (default PLAIN, SCRAM-SHA-512)"),
                problems(new LocalClusterSecurity(null, List.of(), Map.of("u", "secret-pw"))));
        List<String> ssl = problems(new LocalClusterSecurity("SSL", List.of("PLAIN"), Map.of("u", "secret-pw")));
        assertEquals(2, ssl.size(), ssl.toString());
        assertTrue(ssl.get(0).startsWith("localCluster.security.mechanisms must be empty for protocol SSL (got [PLAIN])"), ssl.get(0));
        assertTrue(ssl.get(1).startsWith("localCluster.security.users is only used with SASL_SSL or SASL_PLAINTEXT"), ssl.get(1));
        assertEquals(List.of("localCluster.security.users must give at least one user (name: password) for protocol "
                        + "SASL_PLAINTEXT; read passwords from the environment with ${env:NAME}"),
                problems(new LocalClusterSecurity("SASL_PLAINTEXT", null, null)));
        Map<String, String> users = new LinkedHashMap<>();
        users.put("ok", "secret-pw");
        users.put("no-password", "");
        users.put("bad name", "secret-pw");
        users.put("nul", null);
        assertEquals(List.of("localCluster.security.users.no-password has no password",
                        "localCluster.security.users has a user name 'bad name' that is not allowed: use letters, digits, "
                                + "'.', '_' and '-' only",
                        "localCluster.security.users.nul has no password"),
                problems(new LocalClusterSecurity(null, null, users)));

        // Through LocalClusterConfig: listener-prefixed broker settings are the cluster's own then.
        LocalClusterConfig withPrefix = new LocalClusterConfig(1,
                Map.of("listener.name.client.ssl.keystore.location", "/x", "ssl.enabled.protocols", "TLSv1.2"), null, d);
        assertEquals(List.of("localCluster.brokerConfig.listener.name.client.ssl.keystore.location cannot be set with "
                + "localCluster.security: the local cluster configures its listeners itself; give ssl.* and sasl.* "
                + "settings without the listener prefix"), withPrefix.problems());
        assertEquals(List.of(), new LocalClusterConfig(1, Map.of("listener.name.x.y", "z"), null, null).problems());
        DriverException e = assertThrows(DriverException.class, () -> LocalKafkaCluster.start(
                LocalClusterConfig.defaults().withSecurity(new LocalClusterSecurity("SASL_SSL", List.of("OAUTHBEARER"),
                        Map.of("u", "secret-pw"))), null));
        assertTrue(e.getMessage().contains("localCluster.security.mechanisms may only contain"), e.getMessage());
        assertFalse(e.getMessage().contains("secret-pw"), e.getMessage());
    }

    @Test
    @Timeout(5)
    void jaasQuotingAndRedaction() {
        assertEquals("\"a\\\\b\\\"c\\nd\"", LocalClusterSecrets.jaasQuote("a\\b\"c\nd"));
        assertEquals("x ****** y ****** z", LocalClusterSecrets.redact("x pw1 y pw1-long z", List.of("pw1", "pw1-long")));
    }

    @Test
    @Timeout(5)
    void nodeSecretsAreTheSecretNamedListenerSettingsAndThePasswords() {
        LocalClusterSecrets.NodeSettings settings = new LocalClusterSecrets.NodeSettings("SASL_SSL", List.of("PLAIN"),
                Path.of("/tmp/broker-keystore.p12"), "ks-pw", Map.of("alice", "a-pw"), List.of());
        List<String> secrets = settings.secrets();
        assertTrue(secrets.contains("ks-pw"), secrets.toString());
        assertTrue(secrets.contains("a-pw"), secrets.toString());
        assertTrue(secrets.stream().anyMatch(s -> s.contains("user_alice=\"a-pw\"")), "the whole JAAS config: " + secrets);
        assertFalse(secrets.contains("/tmp/broker-keystore.p12"), "a keystore's location is no secret");
    }

    private static List<String> problems(LocalClusterSecurity security) {
        List<String> problems = security.problems();
        for (String p : problems) {
            assertFalse(p.contains("secret-pw"), "password in problem: " + p);
        }
        assertEquals(problems, LocalClusterConfig.defaults().withSecurity(security).problems());
        return problems;
    }

    // ---- clients

    /** The cluster's client settings plus SASL credentials, hostname verification explicitly on. */
    private static Map<String, String> sasl(LocalKafkaCluster cluster, String mechanism, String user, String password) {
        Map<String, String> s = new HashMap<>(cluster.clientSettings());
        String module = mechanism.equals("PLAIN")
                ? "org.apache.kafka.common.security.plain.PlainLoginModule"
                : "org.apache.kafka.common.security.scram.ScramLoginModule";
        s.put("sasl.mechanism", mechanism);
        s.put("sasl.jaas.config", module + " required username=" + LocalClusterSecrets.jaasQuote(user)
                + " password=" + LocalClusterSecrets.jaasQuote(password) + ";");
        if (cluster.security().usesTls()) {
            s.put("ssl.endpoint.identification.algorithm", "https");
        }
        return s;
    }

    private static Properties props(Map<String, String> settings) {
        Properties p = new Properties();
        p.putAll(settings);
        return p;
    }

    private static int describeCluster(Map<String, String> settings) throws Exception {
        Properties p = props(settings);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "10000");
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        try (Admin admin = Admin.create(p)) {
            return admin.describeCluster(new DescribeClusterOptions().timeoutMs(10_000)).nodes()
                    .get(12, TimeUnit.SECONDS).size();
        }
    }

    private static void roundTrip(LocalKafkaCluster cluster, Map<String, String> settings, String topic, int rf)
            throws Exception {
        try (Admin admin = Admin.create(props(settings))) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) rf))).all().get(15, TimeUnit.SECONDS);
        }
        Properties pp = props(settings);
        pp.put(ProducerConfig.ACKS_CONFIG, "all");
        pp.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "15000");
        pp.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(pp, new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < 10; i++) {
                producer.send(new ProducerRecord<>(topic, "k" + i, "v" + i)).get(15, TimeUnit.SECONDS);
            }
        }
        Properties cp = props(settings);
        cp.put(ConsumerConfig.GROUP_ID_CONFIG, topic + "-group");
        cp.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        Set<String> received = new TreeSet<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(cp, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (received.size() < 10 && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    received.add(r.value());
                }
            }
        }
        assertEquals(10, received.size(), cluster.description() + " received " + received);
    }
}
