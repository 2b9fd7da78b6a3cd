package io.kbench.driver;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What the framework tells a driver about a producer it asks for ({@link BenchmarkDriver#createProducer}).
 *
 * @param name identifies the producer among every producer of every run (the run's id and the producer's
 *     index in it; letters, digits and '-'), e.g. to derive Kafka's {@code transactional.id}
 * @param transactions where the driver reports the transactions of this producer, if it sends in any;
 *     {@link TransactionListener#NONE} when {@code null} is given
 * @param headers user headers the driver adds to every record this producer sends, in this order, besides
 *     its own (Kafka: record headers, built once per producer); empty for none, the framework's default.
 *     Names may repeat, as Kafka's headers may
 */
public record ProducerOptions(String name, TransactionListener transactions, List<Header> headers) {

    /** The name of the record header in which drivers carry kbench's {@link MessageStamp}: no user header may take it. */
    public static final String STAMP_HEADER = "kb";

    public ProducerOptions {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("producer name must not be blank");
        }
        transactions = transactions == null ? TransactionListener.NONE : transactions;
        headers = List.copyOf(Objects.requireNonNull(headers, "headers (List.of() for none)"));
    }

    /** A producer without user headers, as the framework asks for one today. */
    public ProducerOptions(String name, TransactionListener transactions) {
        this(name, transactions, List.of());
    }

    /** The same producer with these user headers. */
    public ProducerOptions withHeaders(List<Header> headers) {
        return new ProducerOptions(name, transactions, headers);
    }

    /**
     * What the user headers add to each record, in bytes: their names in UTF-8 and their values (a
     * system adds its own framing besides, e.g. Kafka's varint lengths: a few bytes per header).
     */
    public int headerBytes() {
        int bytes = 0;
        for (Header h : headers) {
            bytes += h.name().getBytes(StandardCharsets.UTF_8).length + h.valueLength();
        }
        return bytes;
    }

    /**
     * One user header.
     *
     * @param name non-blank, not {@link #STAMP_HEADER}
     * @param value the bytes, 0 or more; copied when made and by {@link #value()}, so neither side can change the
     *     other's
     */
    public record Header(String name, byte[] value) {

        public Header {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a header needs a name, got " + (name == null ? "null" : "'" + name + "'"));
            }
            if (name.equals(STAMP_HEADER)) {
                throw new IllegalArgumentException("header name '" + STAMP_HEADER + "' is kbench's own (it carries the message "
                        + "stamp): choose another name");
            }
            value = Objects.requireNonNull(value, "value (an empty array for none)").clone();
        }

        /** A copy of the value's bytes. */
        @Override
        public byte[] value() {
            return value.clone();
        }

        /** The value's length in bytes, without copying it. */
        public int valueLength() {
            return value.length;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Header h && h.name.equals(name) && Arrays.equals(h.value, value);
        }

        @Override
        public int hashCode() {
            return 31 * name.hashCode() + Arrays.hashCode(value);
        }

        @Override
        public String toString() {
            return "Header[" + name + ", " + value.length + " bytes]";
        }
    }
}
