package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.PlaceholderResolver;
import io.kbench.worker.DriverFile;
import io.kbench.worker.DriverLoader;
import io.kbench.worker.LoadedDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The shipped driver files load, validate and build the client settings each service needs. */
class PresetsTest {

    static final Path HOME = Path.of(System.getProperty("kbench.home", "..")).toAbsolutePath().normalize();
    static final Map<String, String> ENV = Map.of(
            "KAFKA_BOOTSTRAP_SERVERS", "b-1.bench.ab12cd.c2.kafka.us-east-1.amazonaws.com:9098",
            "KAFKA_SASL_USERNAME", "bench-user",
            "KAFKA_SASL_PASSWORD", "not-a-real-password",
            "CONFLUENT_API_KEY", "APIKEY123",
            "CONFLUENT_API_SECRET", "not-a-real-secret",
            "KAFKA_SSL_TRUSTSTORE", "/etc/kbench/truststore.p12",
            "KAFKA_SSL_TRUSTSTORE_PASSWORD", "changeit");

    static KafkaClientConfigs load(String preset) throws Exception {
        Path file = HOME.resolve("driver-kafka").resolve(preset);
        LoadedDriver<?> loaded = new DriverLoader(new PlaceholderResolver(ENV::get))
                .load(new DriverFile(file.toString(), Files.readString(file), file.getParent().toString()));
        assertTrue(loaded.driver() instanceof KafkaBenchmarkDriver);
        return new KafkaClientConfigs((KafkaDriverConfig) loaded.config());
    }

    @ParameterizedTest
    @ValueSource(strings = {"kafka.yaml", "kafka-local.yaml", "kafka-local-3.yaml", "msk.yaml", "msk-scram.yaml", "msk-tls.yaml",
            "confluent-cloud.yaml", "sasl-scram.yaml", "kafka-exactly-once.yaml", "kafka-local-share.yaml",
            "kafka-local-tiered.yaml", "kafka-local-large.yaml", "kafka-local-3-rf2.yaml", "kafka-local-3-zones.yaml",
            "kafka-local-3-zones-closest.yaml"})
    void everyPresetLoadsAndStartsWithAComment(String preset) throws Exception {
        load(preset);
        String text = Files.readString(HOME.resolve("driver-kafka").resolve(preset));
        assertTrue(text.startsWith("# "), preset + " must start with a comment saying what to set");
    }

    @Test
    void mskPresetUsesTheIamLoginModuleAndCallbackHandler() throws Exception {
        Properties p = load("msk.yaml").producer();
        assertEquals("SASL_SSL", p.get("security.protocol"));
        assertEquals("AWS_MSK_IAM", p.get("sasl.mechanism"));
        assertEquals("software.amazon.msk.auth.iam.IAMLoginModule required;", p.get("sasl.jaas.config"));
        assertEquals("software.amazon.msk.auth.iam.IAMClientCallbackHandler", p.get("sasl.client.callback.handler.class"));
        assertEquals(ENV.get("KAFKA_BOOTSTRAP_SERVERS"), p.get("bootstrap.servers"));
        assertNotNull(Class.forName((String) p.get("sasl.client.callback.handler.class")));
        assertNotNull(Class.forName("software.amazon.msk.auth.iam.IAMLoginModule"));
    }

    @Test
    void confluentCloudPresetHasTheCkuProducerSettings() throws Exception {
        KafkaClientConfigs c = load("confluent-cloud.yaml");
        Properties p = c.producer();
        assertEquals("SASL_SSL", p.get("security.protocol"));
        assertEquals("PLAIN", p.get("sasl.mechanism"));
        assertEquals("https", p.get("ssl.endpoint.identification.algorithm"));
        assertEquals("all", p.get("acks"));
        assertEquals("10", p.get("linger.ms"));
        assertTrue(((String) p.get("sasl.jaas.config")).contains("username=\"APIKEY123\""));
    }

    @Test
    void scramPresetsUseScramSha512OverTls() throws Exception {
        for (String preset : new String[] {"msk-scram.yaml", "sasl-scram.yaml"}) {
            Properties p = load(preset).consumer("g");
            assertEquals("SASL_SSL", p.get("security.protocol"), preset);
            assertEquals("SCRAM-SHA-512", p.get("sasl.mechanism"), preset);
            assertTrue(((String) p.get("sasl.jaas.config")).contains("ScramLoginModule"), preset);
        }
    }

    @Test
    void exactlyOncePresetIsIdempotentTransactionalWithAcksAll() throws Exception {
        Path file = HOME.resolve("driver-kafka").resolve("kafka-exactly-once.yaml");
        KafkaDriverConfig config = (KafkaDriverConfig) new DriverLoader(new PlaceholderResolver(ENV::get))
                .load(new DriverFile(file.toString(), Files.readString(file), file.getParent().toString())).config();
        assertTrue(config.transactional());
        assertEquals(java.time.Duration.ofMillis(100), config.transactionDuration());
        Properties p = new KafkaClientConfigs(config).producer();
        assertEquals("all", p.get("acks"));
        assertEquals("true", p.get("enable.idempotence"));
    }
}
