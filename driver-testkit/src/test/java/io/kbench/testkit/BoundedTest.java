package io.kbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opentest4j.AssertionFailedError;

@Timeout(10)
class BoundedTest {

    @Test
    void aCallThatHangsAndIgnoresInterruptsFailsInTimeNamingTheCallAndWhereItIsStuck() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        long start = System.nanoTime();
        try {
            AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Bounded.run("initialize(config())",
                    Duration.ofMillis(200), () -> awaitIgnoringInterrupts(release)));
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds < 2, "failed after " + seconds + " s");
            assertTrue(e.getMessage().startsWith("initialize(config()) did not return within 0.2 s: a driver call must not hang. "
                    + "It is stuck at:"), e.getMessage());
            assertTrue(e.getMessage().contains("awaitIgnoringInterrupts"), e.getMessage());
        } finally {
            release.countDown();
        }
    }

    private static void awaitIgnoringInterrupts(CountDownLatch latch) {
        while (latch.getCount() > 0) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                // a driver that swallows interrupts
            }
        }
    }

    @Test
    void uncheckedExceptionsPassThroughAndCheckedOnesFailNamingTheCall() {
        IllegalStateException thrown = new IllegalStateException("closed");
        assertSame(thrown, assertThrows(IllegalStateException.class, () -> Bounded.run("send", Duration.ofSeconds(1), () -> {
            throw thrown;
        })));
        AssertionFailedError checked = assertThrows(AssertionFailedError.class, () -> Bounded.run("close()", Duration.ofSeconds(1), () -> {
            throw new IOException("disk gone");
        }));
        assertEquals("close() threw java.io.IOException: disk gone", checked.getMessage());
    }

    @Test
    void futuresAreAwaitedAndTheirFailuresUnwrapped() {
        assertEquals("x", Bounded.await("createProducer", Duration.ofSeconds(1), CompletableFuture.completedFuture("x")));
        assertNull(Bounded.failureOf("deleteTopics", Duration.ofSeconds(1), CompletableFuture.completedFuture(null)));
        IllegalArgumentException cause = new IllegalArgumentException("refused");
        assertSame(cause, Bounded.failureOf("createTopics", Duration.ofSeconds(1),
                CompletableFuture.failedFuture(new CompletionException(cause))));
        AssertionFailedError never = assertThrows(AssertionFailedError.class,
                () -> Bounded.await("createTopics([t])", Duration.ofMillis(100), new CompletableFuture<>()));
        assertEquals("createTopics([t]) did not complete within 0.1 s", never.getMessage());
        AssertionFailedError none = assertThrows(AssertionFailedError.class, () -> Bounded.await("createProducer(t)", Duration.ofSeconds(1), null));
        assertEquals("createProducer(t) returned null instead of a future", none.getMessage());
    }
}
