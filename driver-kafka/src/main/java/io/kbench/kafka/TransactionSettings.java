package io.kbench.kafka;

import io.kbench.driver.DriverException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The driver file's transaction fields, checked against each other and against the client settings
 * that transactions need: every problem is a {@link DriverException} naming the field and what is
 * allowed.
 *
 * @param messagesPerTransaction commit after this many messages, or 0 when committing by age
 * @param transactionDuration commit once this old, or null when committing by message count
 */
record TransactionSettings(long messagesPerTransaction, Duration transactionDuration) {

    /** Kafka's default {@code transaction.timeout.ms}: the coordinator aborts transactions open longer. */
    static final long DEFAULT_TRANSACTION_TIMEOUT_MS = 60_000;

    /** The settings of {@code config}, or null when its producers do not send in transactions. */
    static TransactionSettings of(KafkaDriverConfig config, KafkaClientConfigs clients) {
        boolean byAge = config.transactionDuration() != null;
        boolean byCount = config.messagesPerTransaction() != null;
        if (!config.transactional()) {
            if (byAge || byCount) {
                String field = byAge ? "transactionDuration" : "messagesPerTransaction";
                throw new DriverException(field, field + " is set but transactional is not: add transactional: true, or remove "
                        + field, null);
            }
            checkNoTransactionalId(clients);
            return null;
        }
        if (byAge == byCount) {
            throw new DriverException("transactional", byAge
                    ? "transactional: true takes either transactionDuration or messagesPerTransaction, not both: remove one"
                    : "transactional: true needs transactionDuration (e.g. 100ms) or messagesPerTransaction (e.g. 1000): "
                            + "when to commit each transaction", null);
        }
        if (byCount && config.messagesPerTransaction() < 1) {
            throw new DriverException("messagesPerTransaction", "messagesPerTransaction must be at least 1, got "
                    + config.messagesPerTransaction(), null);
        }
        if (byAge && (config.transactionDuration().isZero() || config.transactionDuration().isNegative())) {
            throw new DriverException("transactionDuration", "transactionDuration must be longer than 0, e.g. 100ms", null);
        }
        checkClients(clients, config.transactionDuration());
        return byAge ? new TransactionSettings(0, config.transactionDuration())
                : new TransactionSettings(config.messagesPerTransaction(), null);
    }

    /** A fresh boundary for one producer. */
    TransactionBoundary newBoundary() {
        return transactionDuration != null ? TransactionBoundary.byAge(transactionDuration)
                : TransactionBoundary.byMessages(messagesPerTransaction);
    }

    private static void checkClients(KafkaClientConfigs clients, Duration age) {
        Map<String, String> producer = clients.producerSettings();
        String acks = producer.get(ProducerConfig.ACKS_CONFIG);
        if (acks != null && !acks.equalsIgnoreCase("all") && !acks.equals("-1")) {
            throw new DriverException(clients.fieldOf(ProducerConfig.ACKS_CONFIG), clients.fieldOf(ProducerConfig.ACKS_CONFIG)
                    + " sets acks=" + acks + " but transactional: true needs acks=all (or -1), as Kafka's transactions do: "
                    + "set acks=all or remove acks", null);
        }
        String idempotence = producer.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG);
        if (idempotence != null && !Boolean.parseBoolean(idempotence)) {
            throw new DriverException(clients.fieldOf(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG), clients.fieldOf(
                    ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG) + " sets enable.idempotence=false but transactional: true needs an "
                    + "idempotent producer: set enable.idempotence=true or remove it", null);
        }
        checkNoTransactionalId(clients);
        String isolation = clients.consumerSettings().get(ConsumerConfig.ISOLATION_LEVEL_CONFIG);
        if (isolation != null && !isolation.equalsIgnoreCase("read_committed")) {
            throw new DriverException(clients.fieldOf(ConsumerConfig.ISOLATION_LEVEL_CONFIG), clients.fieldOf(
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG) + " sets isolation.level=" + isolation + " but with transactional: true "
                    + "consumers read committed data only: remove isolation.level (read_committed is set for you)", null);
        }
        long timeoutMs = timeoutMillis(producer.get(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG));
        if (age != null && age.toMillis() >= timeoutMs) {
            throw new DriverException("transactionDuration", String.format(Locale.ROOT, "transactionDuration (%d ms) must be "
                    + "shorter than the producers' transaction.timeout.ms (%d ms), or the cluster aborts every transaction: "
                    + "shorten it or raise transaction.timeout.ms in producerConfig", age.toMillis(), timeoutMs), null);
        }
    }

    /** Each producer gets its own id from the run; a shared one would fence all but one of them. */
    private static void checkNoTransactionalId(KafkaClientConfigs clients) {
        if (clients.producerSettings().containsKey(ProducerConfig.TRANSACTIONAL_ID_CONFIG)) {
            String field = clients.fieldOf(ProducerConfig.TRANSACTIONAL_ID_CONFIG);
            throw new DriverException(field, field + " sets transactional.id: remove it and set transactional: true "
                    + "(each producer then gets an id of its own)", null);
        }
    }

    private static long timeoutMillis(String value) {
        try {
            return value == null ? DEFAULT_TRANSACTION_TIMEOUT_MS : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return DEFAULT_TRANSACTION_TIMEOUT_MS; // the client rejects it with its own message when it starts
        }
    }
}
