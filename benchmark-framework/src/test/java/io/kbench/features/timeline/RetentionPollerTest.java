package io.kbench.features.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.ClusterOperations;
import io.kbench.time.ManualClock;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The retention events from successive start offsets. The admin interface answers a script of start offsets here (what
 * Kafka answers is tested against a real broker in integration-tests' TimelineRetentionTest).
 */
class RetentionPollerTest {

    /** An admin interface that answers startOffsets from the script (a null entry: the call fails) and nothing else. */
    private static ClusterOperations answering(Deque<Map<String, List<Long>>> script) {
        return (ClusterOperations) Proxy.newProxyInstance(ClusterOperations.class.getClassLoader(), new Class<?>[] {ClusterOperations.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("startOffsets")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    Map<String, List<Long>> next = script.poll();
                    if (next == null) {
                        throw new IllegalStateException("broker unreachable");
                    }
                    return next;
                });
    }

    @Test
    void eachRiseOfStartOffsetsIsAnEventAfterTheFirstPoll() {
        Deque<Map<String, List<Long>>> script = new ArrayDeque<>(List.of(
                Map.of("t", List.of(100L, 0L, 0L)), // before the run: retention before it does not count
                Map.of("t", List.of(100L, 0L, 0L)),
                Map.of("t", List.of(600L, 0L, 300L)),
                Map.of("t", List.of(600L, 0L, 300L)),
                Map.of("t", List.of(900L, 0L, 300L))));
        ManualClock clock = new ManualClock();
        long start = clock.nanoTime();
        RetentionPoller poller = new RetentionPoller(answering(script), List.of("t"), clock, start, 2_000_000_000L);
        for (int i = 0; i < 6; i++) {
            poller.pollOnce(); // the sixth fails: counted, nothing lost
            clock.advanceMillis(2_000);
        }
        Retention r = poller.retention();
        assertTrue(r.known());
        assertEquals(5, r.polls());
        assertEquals(1, r.failedPolls());
        assertEquals(2, r.eventCount());
        assertEquals(1_100, r.messagesRemoved());
        assertEquals(2, r.partitionsTouched());
        assertEquals(new RetentionEvent(4_000_000, "t", List.of(0, 2), 800), r.events().get(0));
        assertEquals(new RetentionEvent(8_000_000, "t", List.of(0), 300), r.events().get(1));
    }

    @Test
    void aClusterThatDoesNotTellIsNotKnownNotZero() {
        ManualClock clock = new ManualClock();
        RetentionPoller silent = new RetentionPoller(answering(new ArrayDeque<>(List.of(Map.of(), Map.of()))), List.of("t"), clock, 0, 1);
        silent.pollOnce();
        silent.pollOnce();
        assertFalse(silent.retention().known());
        assertEquals("Retention: not known (the cluster does not tell its partitions' start offsets)",
                TimelineText.retention(new Timeline(0, null, silent.retention(), null, 3, 5_000, 20_000, 0, List.of())));
        RetentionPoller down = new RetentionPoller(answering(new ArrayDeque<>()), List.of("t"), clock, 0, 1);
        down.pollOnce();
        assertEquals("the cluster did not answer: IllegalStateException: broker unreachable", down.retention().unknownWhy());
    }

    @Test
    void manyPartitionsAreAskedLessOften() {
        assertEquals(2_000_000_000L, TimelineRun.pollIntervalNanos(1));
        assertEquals(2_000_000_000L, TimelineRun.pollIntervalNanos(1_000));
        assertEquals(4_000_000_000L, TimelineRun.pollIntervalNanos(1_001));
        assertEquals(24_000_000_000L, TimelineRun.pollIntervalNanos(12_000));
    }
}
