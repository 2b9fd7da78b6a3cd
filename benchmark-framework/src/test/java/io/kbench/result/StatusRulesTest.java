package io.kbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.features.integrity.Integrity;
import io.kbench.model.Delivery;
import io.kbench.model.RunStatus;
import io.kbench.model.StatusEvidence;
import io.kbench.stats.ErrorCount;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusRulesTest {

    private static final double ALLOWED = StatusRules.DEFAULT_MAX_UNACKED_RATIO;
    private static final List<StatusEvidence> CLEAN = List.of(new Integrity(10_000, 0L, 0, 0, 0, null));

    private static Delivery delivery(long sent, long acked, long failed) {
        return new Delivery(sent, acked, failed, sent - acked - failed, 0,
                failed == 0 ? List.of() : List.of(new ErrorCount("TimeoutException", failed, "Expiring")));
    }

    @Test
    void aCleanRunCompletes() {
        StatusRules.Outcome o = StatusRules.judge(RunStatus.COMPLETED, null, delivery(10_000, 10_000, 0), CLEAN, ALLOWED);
        assertEquals(RunStatus.COMPLETED, o.status());
        assertNull(o.reason());
        assertNull(o.warning());
    }

    @Test
    void aFewUnacknowledgedMessagesWithinTheAllowanceCompleteWithAWarning() {
        StatusRules.Outcome o = StatusRules.judge(RunStatus.COMPLETED, null, delivery(10_000, 9_990, 5), CLEAN, ALLOWED);
        assertEquals(RunStatus.COMPLETED, o.status());
        assertTrue(o.warning().contains("10 of 10,000 messages were not acknowledged (5 failed, 5 undelivered), within the 0.1% allowed"),
                o.warning());
    }

    @Test
    void moreThanTheAllowanceIsDegradedWithTheCounts() {
        StatusRules.Outcome o = StatusRules.judge(RunStatus.COMPLETED, null, delivery(10_000, 9_900, 60), CLEAN, ALLOWED);
        assertEquals(RunStatus.DEGRADED, o.status());
        assertEquals("100 of 10,000 messages (1.00%) were not acknowledged, over the 0.1% allowed: 60 failed "
                + "(60 timeout), 40 undelivered", o.reason());
        assertEquals(RunStatus.COMPLETED, StatusRules.judge(RunStatus.COMPLETED, null, delivery(10_000, 9_900, 60), CLEAN, 0.02).status(),
                "the allowance is configurable");
    }

    @Test
    void nothingAcknowledgedIsAFailure() {
        StatusRules.Outcome o = StatusRules.judge(RunStatus.COMPLETED, null, delivery(500, 0, 500), List.of(), ALLOWED);
        assertEquals(RunStatus.FAILED, o.status());
        assertTrue(o.reason().startsWith("the cluster acknowledged none of the 500 messages sent (500 timeout)"), o.reason());
    }

    @Test
    void lostDuplicatedOrReorderedMessagesDegradeTheRun() {
        StatusRules.Outcome lost = StatusRules.judge(RunStatus.COMPLETED, null, delivery(10_000, 10_000, 0),
                List.of(new Integrity(10_000, 12L, 3, 0, 0, null)), ALLOWED);
        assertEquals(RunStatus.DEGRADED, lost.status());
        assertEquals("messages were lost (12 acknowledged but never consumed), duplicated (3)", lost.reason());
        StatusRules.Outcome unchecked = StatusRules.judge(RunStatus.COMPLETED, null, delivery(10_000, 10_000, 0),
                List.of(new Integrity(5_000, null, 0, 0, 0, "not caught up")), ALLOWED);
        assertEquals(RunStatus.COMPLETED, unchecked.status(), "unchecked losses are not losses");
    }

    @Test
    void aFailedOrInterruptedRunKeepsItsStatusAndReason() {
        StatusRules.Outcome o = StatusRules.judge(RunStatus.FAILED, "no acknowledgement for 30 s", delivery(100, 10, 0), CLEAN, ALLOWED);
        assertEquals(RunStatus.FAILED, o.status());
        assertEquals("no acknowledgement for 30 s", o.reason());
    }
}
