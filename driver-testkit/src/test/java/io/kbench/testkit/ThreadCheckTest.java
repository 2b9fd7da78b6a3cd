package io.kbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class ThreadCheckTest {

    @Test
    void findsThreadsStartedSinceTheSnapshotUntilTheyEnd() throws Exception {
        Thread older = parked("older", new CountDownLatch(1));
        ThreadCheck check = ThreadCheck.snapshot();
        CountDownLatch release = new CountDownLatch(1);
        Thread newer = parked("client-io", release);
        Thread ignored = parked("pool-worker", release);

        List<Thread> left = check.awaitEnded(Duration.ofMillis(200), t -> t == ignored);
        assertEquals(List.of(newer), left, "the older and the ignored thread do not count");
        String described = ThreadCheck.describe(left);
        assertTrue(described.contains("'client-io' (WAITING, daemon)"), described);

        release.countDown();
        assertEquals(List.of(), check.awaitEnded(Duration.ofSeconds(5), t -> false));
        older.interrupt();
    }

    private static Thread parked(String name, CountDownLatch latch) {
        Thread t = new Thread(() -> {
            try {
                latch.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
