package io.kbench.kafka;

import io.kbench.driver.BenchmarkConsumer;
import java.time.Duration;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every consumer of the Kafka driver does alike, a consumer group's member or a share group's: a
 * poll thread of its own, since Kafka's consumers are not thread-safe, to which pause, resume, close
 * and close-as-a-crash are requests; a poll that fails is logged once per distinct error and retried
 * after a pause; the client is closed on the poll thread when the loop ends. A subclass says how it
 * subscribes, polls, pauses and closes its client.
 */
abstract class KafkaMember implements BenchmarkConsumer {

    private static final Logger log = LoggerFactory.getLogger(KafkaMember.class);
    /** How long close waits for the poll thread to close the client. */
    static final long JOIN_MILLIS = 15_000;
    /** The longest a poll waits for records, so that requests to pause or close are seen soon. */
    static final Duration POLL_TIMEOUT = Duration.ofMillis(100);
    /** The longest a synchronous commit, and the client's close, may take. */
    static final Duration COMMIT_TIMEOUT = Duration.ofSeconds(5);
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final String kind;
    private final long retryMillis;
    private final Thread thread;
    private volatile boolean closing;
    private volatile boolean crashing;
    private volatile boolean pauseRequested;
    private volatile boolean stopped;
    /** Poll thread only: whether it has paused, and the last error it logged. */
    private boolean paused;
    private String lastError;

    /**
     * @param kind what the member is, for its thread's name and its log lines, e.g. "share consumer"
     * @param retryMillis how long to wait after a failed poll before the next
     */
    KafkaMember(String kind, String topic, long retryMillis) {
        this.kind = kind;
        this.retryMillis = retryMillis;
        this.thread = new Thread(this::run, "kbench-" + kind.replace(' ', '-') + "-" + topic);
        this.thread.setDaemon(true);
    }

    final void start() {
        thread.start();
    }

    /** Subscribes the client, first thing on the poll thread. */
    abstract void subscribe();

    /** One poll and what follows it (the callback, commits); on the poll thread. */
    abstract void pollOnce();

    /** The member was asked to pause ({@code true}) or resume; on the poll thread, before the next round. The default does nothing. */
    void pausedChanged(boolean paused) {}

    /** One round while paused; the default polls on (a paused client fetches nothing but stays in the group). */
    void whilePaused() {
        pollOnce();
    }

    /** Wakes the client from a blocking poll; from any thread. */
    abstract void wakeup();

    /** Closes the client once the loop has ended, on the poll thread; {@code crash}: as a crashed process would. */
    abstract void closeClient(boolean crash);

    /** The partitions the group assigned this member; asked only while it runs. */
    abstract int heldPartitions();

    private void run() {
        try {
            subscribe();
            while (!closing) {
                boolean want = pauseRequested;
                try {
                    if (want != paused) {
                        pausedChanged(want);
                        paused = want;
                    }
                    if (paused) {
                        whilePaused();
                    } else {
                        pollOnce();
                    }
                } catch (WakeupException e) {
                    throw e;
                } catch (RuntimeException e) {
                    warnOnce(kind + " poll failed (retrying): ", e);
                    sleepQuietly(retryMillis);
                }
            }
        } catch (WakeupException e) {
            // close() woke us up
        } finally {
            stopped = true;
            closeClient(crashing);
        }
    }

    /** True once {@link #closeAsCrash()} began: the client is to be closed as a crashed process would leave it. */
    final boolean crashing() {
        return crashing;
    }

    /** Logs a failure the member goes on after, once for as long as the same one repeats. */
    final void warnOnce(String what, RuntimeException e) {
        String message = e.getClass().getSimpleName() + ": " + e.getMessage();
        if (!message.equals(lastError)) {
            log.warn("{}{}", what, message);
            lastError = message;
        }
    }

    /** Runs a step of closing whose failure changes nothing (the client goes anyway), logging it at debug level. */
    static void quietly(String what, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            log.debug("{} failed: {}", what, e.toString());
        }
    }

    static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public final int assignedPartitionCount() {
        return closing || stopped ? 0 : heldPartitions();
    }

    @Override
    public final void pause() {
        pauseRequested = true;
    }

    @Override
    public final void resume() {
        pauseRequested = false;
    }

    /** Stops the poll thread, which closes the client; waits for it, for a bounded time. */
    @Override
    public final void close() throws InterruptedException {
        closing = true;
        wakeup();
        thread.join(JOIN_MILLIS);
    }

    /** As {@link #close()}, the client closed as a crashed process would leave it (see the subclass). */
    @Override
    public final void closeAsCrash() throws InterruptedException {
        crashing = true;
        close();
    }
}
