package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.SendCompletion;
import io.kbench.driver.TransactionListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/** The transactional producer against kafka-clients' MockProducer, on a manual clock. */
class KafkaTransactionalProducerTest {

    private static final long MS = 1_000_000L;

    private final AtomicLong nanos = new AtomicLong(1_000 * MS);
    /** Time a commit takes on the manual clock. */
    private volatile long commitNanos = 3 * MS;
    private final MockProducer<byte[], byte[]> client = new MockProducer<>(true, null, new ByteArraySerializer(),
            new ByteArraySerializer()) {
        @Override
        public void commitTransaction() {
            nanos.addAndGet(commitNanos);
            super.commitTransaction();
        }
    };
    private final Listener listener = new Listener();

    /** What the producer reported. */
    static final class Listener implements TransactionListener {
        final List<Long> commitMicros = new ArrayList<>();
        final List<String> abortReasons = new ArrayList<>();

        @Override
        public void committed(long micros) {
            commitMicros.add(micros);
        }

        @Override
        public void aborted(String reason) {
            abortReasons.add(reason);
        }
    }

    /** One message's completion: what the framework was told. */
    static final class Completion implements SendCompletion {
        Throwable error;
        boolean completed;
        boolean aborted;

        @Override
        public void completed(int partition, Throwable e) {
            completed = true;
            error = e;
        }

        @Override
        public void aborted() {
            assertTrue(completed && error == null, "only acknowledged messages are reported aborted");
            aborted = true;
        }
    }

    private KafkaTransactionalProducer producer(TransactionBoundary boundary) {
        client.initTransactions();
        return new KafkaTransactionalProducer(client, "t", List.of(), boundary, listener, nanos::get);
    }

    private Completion send(KafkaTransactionalProducer p) {
        Completion c = new Completion();
        p.sendAsync(null, new byte[] {1}, BenchmarkProducer.ANY_PARTITION, null, c);
        return c;
    }

    @Test
    void byCountEachTransactionCommitsWithItsLastMessageAndDeliverPendingCommitsTheRest() {
        KafkaTransactionalProducer p = producer(TransactionBoundary.byMessages(2));
        for (int i = 0; i < 5; i++) {
            send(p);
        }
        assertEquals(2, client.commitCount(), "after messages 2 and 4");
        assertTrue(client.transactionInFlight(), "message 5 waits for a 6th");
        p.deliverPending();
        assertEquals(3, client.commitCount());
        assertEquals(List.of(3_000L, 3_000L, 3_000L), listener.commitMicros, "each commit's time, in µs");
        assertEquals(5, client.history().size(), "every message committed");
        assertTrue(listener.abortReasons.isEmpty());
    }

    @Test
    void byAgeATransactionCommitsOnceOldEvenWhenNoMessageComes() {
        KafkaTransactionalProducer p = producer(TransactionBoundary.byAge(Duration.ofMillis(100)));
        send(p);
        nanos.addAndGet(60 * MS);
        send(p);
        p.idle();
        assertEquals(0, client.commitCount(), "60 ms old");
        nanos.addAndGet(40 * MS);
        p.idle();
        assertEquals(1, client.commitCount(), "100 ms old: committed while idle, not at the next send");
        p.idle();
        assertEquals(1, client.commitCount(), "nothing open, nothing to commit");
        assertFalse(client.transactionInFlight());
        send(p);
        nanos.addAndGet(150 * MS);
        send(p); // already due when sent: it commits with this message in it
        assertEquals(2, client.commitCount());
        assertEquals(4, client.history().size());
    }

    @Test
    void aFailedCommitAbortsTheTransactionAndItsAcknowledgedMessagesAreReportedAborted() {
        KafkaTransactionalProducer p = producer(TransactionBoundary.byMessages(2));
        Completion first = send(p);
        client.commitTransactionException = new KafkaException("coordinator unavailable");
        Completion second = send(p);
        assertTrue(client.transactionAborted());
        assertTrue(first.aborted && second.aborted);
        assertEquals(List.of("its commit failed: coordinator unavailable"), listener.abortReasons);
        assertTrue(listener.commitMicros.isEmpty());

        client.commitTransactionException = null;
        Completion third = send(p);
        send(p);
        assertEquals(1, client.commitCount(), "a new transaction after the abort");
        assertFalse(third.aborted);
    }

    @Test
    void aTransactionWithAFailedSendIsAbortedInsteadOfCommitted() {
        MockProducer<byte[], byte[]> manual = new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer());
        manual.initTransactions();
        KafkaTransactionalProducer p = new KafkaTransactionalProducer(manual, "t", List.of(), TransactionBoundary.byMessages(10), listener,
                nanos::get);
        Completion ok = new Completion();
        Completion bad = new Completion();
        p.sendAsync(null, new byte[] {1}, BenchmarkProducer.ANY_PARTITION, null, ok);
        p.sendAsync(null, new byte[] {2}, BenchmarkProducer.ANY_PARTITION, null, bad);
        manual.completeNext();
        manual.errorNext(new KafkaException("record too large"));
        assertTrue(bad.completed && bad.error != null);
        p.idle();
        assertTrue(manual.transactionAborted());
        assertTrue(ok.aborted, "acknowledged, then aborted with its transaction");
        assertFalse(bad.aborted, "it failed: reported as a failure, not as aborted");
        assertEquals(List.of("a send in it failed: record too large"), listener.abortReasons);
    }

    @Test
    void afterBeingFencedTheProducerRefusesToSend() {
        KafkaTransactionalProducer p = producer(TransactionBoundary.byMessages(2));
        Completion first = send(p);
        client.fenceProducer();
        assertThrows(RuntimeException.class, () -> send(p), "the fenced client refuses the send");
        p.deliverPending();
        assertTrue(first.aborted);
        assertEquals(1, listener.abortReasons.size());
        assertTrue(listener.abortReasons.get(0).contains("(the producer cannot go on)"), listener.abortReasons.toString());
        KafkaException e = assertThrows(KafkaException.class, () -> send(p));
        assertTrue(e.getMessage().startsWith("the transactional producer stopped after an error it cannot recover from"));
    }

    @Test
    void closingWithATransactionOpenReportsItAborted() {
        KafkaTransactionalProducer p = producer(TransactionBoundary.byMessages(5));
        Completion c = send(p);
        p.close();
        assertTrue(c.aborted);
        assertEquals(List.of("the producer was closed with the transaction open"), listener.abortReasons);
        assertTrue(client.closed());
    }
}
