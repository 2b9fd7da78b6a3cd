package io.kbench.driver;

/**
 * What the framework tells a driver about a producer it asks for.
 *
 * @param name identifies the producer among every producer of every run (the run's id and the producer's
 *     index in it; letters, digits and '-'), e.g. to derive Kafka's {@code transactional.id}
 * @param transactions where the driver reports the transactions of this producer, if it sends in any
 */
public record ProducerOptions(String name, TransactionListener transactions) {

    public ProducerOptions {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("producer name must not be blank");
        }
        transactions = transactions == null ? TransactionListener.NONE : transactions;
    }
}
