package io.kbench.inmemory;

import static io.kbench.inmemory.BrokenDriversFailTheSuiteTest.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The conformance suite catches drivers that break the consumers' promises (pause, batches, share groups): a part of
 * {@link BrokenDriversFailTheSuiteTest}, with its helpers and broken suites.
 */
class BrokenConsumersFailTheSuiteTest {

    @Test
    void anIgnoredPauseIsCaught() {
        Map<String, String> failed = failuresOf(IgnoresPauseSuite.class);
        assertEquals(Set.of("aPausedConsumerDeliversNothingUntilResumed"), failed.keySet(), failed::toString);
        String m = failed.get("aPausedConsumerDeliversNothingUntilResumed");
        assertTrue(m.startsWith("Broken promise (BenchmarkConsumer.pause): a paused consumer stops fetching: nothing is delivered. "
                + "20 message(s) were delivered while paused"), m);
    }

    @Test
    void aBatchReportedOnceOnlyIsCaught() {
        Map<String, String> failed = failuresOf(ReportsTheFirstBatchOnlySuite.class);
        assertEquals(Set.of("aPausedConsumerDeliversNothingUntilResumed"), failed.keySet(), failed::toString);
        String m = failed.get("aPausedConsumerDeliversNothingUntilResumed");
        assertTrue(m.startsWith("Broken promise (ConsumerCallback.batchArrived): a driver that reports batches reports every batch, "
                + "when it arrives (its messages are timed by it). 20 of 20 messages delivered after resume() came with no batch "
                + "reported since before resume()"), m);
    }

    @Test
    void aShareDriverThatRejectsWhatWasReleasedIsCaught() {
        Map<String, String> failed = failuresOf(ReleasesAsRejectsSuite.class);
        assertEquals(Set.of("releasedRecordsComeBackWithADeliveryCountOfTwo",
                "acknowledgementCountsAddUpAndTheAcceptedRecordsCoverEveryAcknowledgedMessage",
                "theDeliveryCountLimitArchivesRecordsReleasedOnTheirLastDelivery"), failed.keySet(), failed::toString);
        assertTrue(failed.get("releasedRecordsComeBackWithADeliveryCountOfTwo").startsWith("Broken promise "
                + "(BenchmarkDriver.createConsumer(ShareMember)): a record released (Acknowledgement.RELEASE) is delivered again. Of the 10 "
                + "records released on their first delivery, 0 came back within 2 s."), failed.toString());
    }
}
