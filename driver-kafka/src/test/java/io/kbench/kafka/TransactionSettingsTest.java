package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kbench.driver.DriverException;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The driver file's transaction fields and the client settings they need: each problem names its field. */
class TransactionSettingsTest {

    private static final String COMMON = "bootstrap.servers=127.0.0.1:9092\n";

    private static KafkaDriverConfig config(String producer, String consumer, Boolean transactional, Duration age, Integer count) {
        return new KafkaDriverConfig(1, false, "", COMMON, producer, consumer, null, transactional, age, count);
    }

    private static DriverException refused(KafkaDriverConfig config) {
        return assertThrows(DriverException.class, () -> new KafkaBenchmarkDriver().validate(config));
    }

    @Test
    void transactionalWithAcksOtherThanAllIsRefusedNamingTheSetting() {
        DriverException e = refused(config("acks=1\n", "", true, Duration.ofMillis(100), null));
        assertEquals("producerConfig", e.field());
        assertEquals("producerConfig sets acks=1 but transactional: true needs acks=all (or -1), as Kafka's transactions do: "
                + "set acks=all or remove acks", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"acks=all\n", "acks=-1\n", "acks=ALL\n", ""})
    void acksAllOrKafkasDefaultIsAccepted(String producer) {
        new KafkaBenchmarkDriver().validate(config(producer + "enable.idempotence=true\n", "", true, null, 1000));
    }

    @Test
    void exactlyOneOfDurationAndCountIsNeeded() {
        DriverException neither = refused(config("", "", true, null, null));
        assertEquals("transactional", neither.field());
        assertEquals("transactional: true needs transactionDuration (e.g. 100ms) or messagesPerTransaction (e.g. 1000): "
                + "when to commit each transaction", neither.getMessage());
        DriverException both = refused(config("", "", true, Duration.ofMillis(100), 10));
        assertEquals("transactional: true takes either transactionDuration or messagesPerTransaction, not both: remove one",
                both.getMessage());
    }

    @Test
    void transactionFieldsWithoutTransactionalAreRefused() {
        DriverException e = refused(config("", "", null, Duration.ofMillis(100), null));
        assertEquals("transactionDuration", e.field());
        assertEquals("transactionDuration is set but transactional is not: add transactional: true, or remove transactionDuration",
                e.getMessage());
        assertEquals("messagesPerTransaction", refused(config("", "", false, null, 5)).field());
    }

    @Test
    void nonsenseCountsAndDurationsAreRefused() {
        assertEquals("messagesPerTransaction must be at least 1, got 0", refused(config("", "", true, null, 0)).getMessage());
        assertEquals("transactionDuration", refused(config("", "", true, Duration.ZERO, null)).field());
        DriverException tooLong = refused(config("transaction.timeout.ms=30000\n", "", true, Duration.ofSeconds(30), null));
        assertEquals("transactionDuration (30000 ms) must be shorter than the producers' transaction.timeout.ms (30000 ms), "
                + "or the cluster aborts every transaction: shorten it or raise transaction.timeout.ms in producerConfig",
                tooLong.getMessage());
    }

    @Test
    void settingsThatContradictTransactionsAreRefused() {
        assertEquals("producerConfig sets enable.idempotence=false but transactional: true needs an idempotent producer: "
                + "set enable.idempotence=true or remove it",
                refused(config("enable.idempotence=false\n", "", true, null, 10)).getMessage());
        DriverException id = refused(config("transactional.id=mine\n", "", null, null, null));
        assertEquals("producerConfig sets transactional.id: remove it and set transactional: true (each producer then gets "
                + "an id of its own)", id.getMessage());
        DriverException isolation = refused(config("", "isolation.level=read_uncommitted\n", true, null, 10));
        assertEquals("consumerConfig", isolation.field());
    }

    @Test
    void withoutTransactionsThereAreNoSettings() {
        KafkaDriverConfig c = config("acks=1\n", "", null, null, null);
        assertNull(TransactionSettings.of(c, new KafkaClientConfigs(c)));
    }
}
