package io.kbench.kafka;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.ConsumerCallback;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member of a consumer group, polling on its own thread. A {@link KafkaConsumer} is not
 * thread-safe, so pause, resume and close are requests the poll thread carries out.
 */
final class KafkaBenchmarkConsumer implements BenchmarkConsumer {

    private static final Logger log = LoggerFactory.getLogger(KafkaBenchmarkConsumer.class);
    private static final Duration POLL_TIMEOUT = Duration.ofMillis(100);
    private static final Duration COMMIT_TIMEOUT = Duration.ofSeconds(5);
    /**
     * Without auto-commit, positions are committed asynchronously at most this often while reading (a
     * commit per poll was a request to the broker every few hundred records), synchronously when
     * partitions are revoked, and once more on close.
     */
    static final long COMMIT_INTERVAL_NANOS = 100_000_000L;

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final ConsumerCallback callback;
    private final boolean commitAfterPoll;
    private final Thread thread;
    private volatile boolean closing;
    private volatile boolean pauseRequested;
    private volatile int assigned;
    private boolean paused;
    private String lastError;
    /** Read something since the last commit (poll thread only). */
    private boolean uncommitted;
    private long lastCommitNanos = System.nanoTime();

    KafkaBenchmarkConsumer(KafkaConsumer<byte[], byte[]> consumer, String topic, ConsumerCallback callback, boolean autoCommit) {
        this.consumer = consumer;
        this.callback = callback;
        this.commitAfterPoll = !autoCommit;
        this.thread = new Thread(() -> pollLoop(topic), "kbench-consumer-" + topic);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    private void pollLoop(String topic) {
        try {
            consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                    // Hand over cleanly: the next owner starts where we stopped, not at an older
                    // commit, so a rebalance does not deliver messages twice.
                    if (commitAfterPoll) {
                        commitQuietly();
                        uncommitted = false;
                    }
                }

                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                    if (paused) {
                        consumer.pause(partitions); // newly assigned partitions start unpaused
                    }
                    // Look the starting positions up now, before assignedPartitionCount counts these partitions:
                    // else a consumer from the end (auto.offset.reset=latest) could count as ready while its
                    // lookup is under way, and skip messages the run sends right after.
                    partitions.forEach(consumer::position);
                }
            });
            while (!closing) {
                applyPauseRequest();
                pollOnce();
                assigned = consumer.assignment().size();
            }
        } catch (WakeupException e) {
            // close() woke us up
        } finally {
            assigned = 0;
            if (uncommitted) {
                try {
                    consumer.commitAsync(); // close waits (bounded) for it
                } catch (RuntimeException e) {
                    log.debug("commit before close failed: {}", e.toString());
                }
            }
            try {
                consumer.close(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                log.debug("closing consumer: {}", e.toString());
            }
        }
    }

    private void pollOnce() {
        try {
            ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL_TIMEOUT);
            if (!records.isEmpty()) {
                callback.batchArrived(); // the poll's records arrived together: one receive time for all
            }
            for (ConsumerRecord<byte[], byte[]> record : records) {
                callback.messageReceived(Math.max(0, record.serializedValueSize()), record.partition(), record.offset(),
                        SendTimeHeader.decode(record.headers()));
            }
            if (commitAfterPoll) {
                uncommitted |= !records.isEmpty();
                long now = System.nanoTime();
                if (uncommitted && now - lastCommitNanos >= COMMIT_INTERVAL_NANOS) {
                    consumer.commitAsync();
                    uncommitted = false;
                    lastCommitNanos = now;
                }
            }
        } catch (WakeupException e) {
            throw e;
        } catch (RuntimeException e) {
            String message = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (!message.equals(lastError)) {
                log.warn("consumer poll failed (retrying): {}", message);
                lastError = message;
            }
            sleepQuietly();
        }
    }

    private void commitQuietly() {
        try {
            consumer.commitSync(COMMIT_TIMEOUT);
        } catch (RuntimeException e) {
            log.debug("commit on revocation failed: {}", e.toString());
        }
    }

    private void applyPauseRequest() {
        boolean want = pauseRequested;
        if (want != paused) {
            if (want) {
                consumer.pause(consumer.assignment());
            } else {
                consumer.resume(consumer.paused());
            }
            paused = want;
        }
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public int assignedPartitionCount() {
        return assigned;
    }

    @Override
    public void pause() {
        pauseRequested = true;
    }

    @Override
    public void resume() {
        pauseRequested = false;
    }

    @Override
    public void close() throws InterruptedException {
        closing = true;
        consumer.wakeup();
        thread.join(15_000);
    }
}
