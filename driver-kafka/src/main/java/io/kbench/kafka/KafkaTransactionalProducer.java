package io.kbench.kafka;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.SendCompletion;
import io.kbench.driver.TransactionListener;
import java.util.List;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.UnsupportedVersionException;

/**
 * Sends to one topic in transactions, all begun, committed and aborted from the sending thread:
 * a transaction begins with its first message and commits once its {@link TransactionBoundary}
 * says so (checked after each send and while idle), or when the framework asks for pending
 * messages (the producer stops, or its schedule pauses). A transaction
 * whose commit fails, or that holds a failed send, is aborted and reported so; after an error the
 * client cannot recover from (fenced, unauthorized), every later send is refused.
 */
final class KafkaTransactionalProducer implements BenchmarkProducer {

    private final Producer<byte[], byte[]> producer;
    private final StampedRecords records;
    private final TransactionBoundary boundary;
    private final TransactionListener listener;
    private final LongSupplier nanoClock;
    private TransactionMessages current;
    /** Why the client can no longer send, or null. */
    private volatile String broken;

    /**
     * @param producer a client with a transactional.id whose {@code initTransactions} has returned
     * @param nanoClock monotonic time in ns, for transaction ages and commit latency
     */
    KafkaTransactionalProducer(Producer<byte[], byte[]> producer, String topic, List<ProducerOptions.Header> headers,
                               TransactionBoundary boundary, TransactionListener listener, LongSupplier nanoClock) {
        this.producer = producer;
        this.records = new StampedRecords(topic, headers, () -> producer.partitionsFor(topic).size());
        this.boundary = boundary;
        this.listener = listener;
        this.nanoClock = nanoClock;
    }

    @Override
    public void sendAsync(byte[] key, byte[] payload, int partition, MessageStamp stamp, SendCompletion completion) {
        if (broken != null) {
            throw new KafkaException("the transactional producer stopped after an error it cannot recover from: " + broken);
        }
        if (current != null && current.failure() != null) {
            abort("a send in it failed: " + KafkaBenchmarkDriver.rootMessage(current.failure()));
            if (broken != null) {
                throw new KafkaException("the transactional producer stopped after an error it cannot recover from: " + broken);
            }
        }
        if (current == null) {
            producer.beginTransaction();
            current = new TransactionMessages();
            boundary.begun(nanoClock.getAsLong());
        }
        TransactionMessages transaction = current;
        try {
            producer.send(records.record(key, payload, partition, stamp), (metadata, error) -> {
                completion.completed(KafkaBenchmarkProducer.partitionOf(metadata), error);
                if (error == null) {
                    transaction.acked(completion);
                } else {
                    transaction.failed(error);
                }
            });
        } catch (InterruptException e) {
            throw e; // our own interrupt of a send blocked in the client (the run is stopping): the transaction is fine
        } catch (KafkaException e) {
            transaction.failed(e); // the client refuses sends once the transaction has an error: abort it next
            throw e;
        }
        boundary.sent();
        if (boundary.isDue(nanoClock.getAsLong())) {
            end();
        }
    }

    @Override
    public void idle() {
        if (current == null) {
            return;
        }
        if (current.failure() != null) {
            abort("a send in it failed: " + KafkaBenchmarkDriver.rootMessage(current.failure()));
        } else if (boundary.isDue(nanoClock.getAsLong())) {
            end();
        }
    }

    @Override
    public void deliverPending() {
        if (current != null) {
            end();
        }
    }

    /** Commits the open transaction, or aborts it when it cannot commit. */
    private void end() {
        if (current.failure() != null) {
            abort("a send in it failed: " + KafkaBenchmarkDriver.rootMessage(current.failure()));
            return;
        }
        long start = nanoClock.getAsLong();
        try {
            producer.commitTransaction();
        } catch (RuntimeException e) {
            if (isFatal(e)) {
                lost("its commit failed: " + KafkaBenchmarkDriver.rootMessage(e), e);
            } else {
                abort("its commit failed: " + KafkaBenchmarkDriver.rootMessage(e));
            }
            return;
        }
        long micros = (nanoClock.getAsLong() - start) / 1_000;
        current.committed();
        current = null;
        boundary.ended();
        listener.committed(micros);
    }

    private void abort(String reason) {
        try {
            producer.abortTransaction();
        } catch (RuntimeException e) {
            lost(reason + "; then its abort failed: " + KafkaBenchmarkDriver.rootMessage(e), e);
            return;
        }
        ended(reason);
    }

    /**
     * The client can neither commit nor abort: the cluster aborts the transaction when it times out
     * (or has already, when fenced), and this producer sends no more.
     */
    private void lost(String reason, RuntimeException e) {
        broken = KafkaBenchmarkDriver.rootMessage(e);
        ended(reason + " (the producer cannot go on)");
    }

    private void ended(String reason) {
        TransactionMessages transaction = current;
        current = null;
        boundary.ended();
        transaction.aborted();
        listener.aborted(reason);
    }

    /** Errors after which the client can no longer abort, only be closed (as KafkaProducer's documentation lists them). */
    static boolean isFatal(Throwable e) {
        return e instanceof ProducerFencedException || e instanceof OutOfOrderSequenceException
                || e instanceof AuthorizationException || e instanceof UnsupportedVersionException;
    }

    /**
     * Releases the client. A transaction still open (the sending thread died before delivering it) is
     * aborted by the client as it closes, and reported so.
     */
    @Override
    public void close() {
        if (current != null) {
            ended("the producer was closed with the transaction open");
        }
        producer.close(KafkaBenchmarkProducer.CLOSE_TIMEOUT);
    }
}
