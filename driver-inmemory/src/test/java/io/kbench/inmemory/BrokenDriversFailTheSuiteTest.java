package io.kbench.inmemory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.BenchmarkDriver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Proves the conformance suite catches broken drivers: runs the whole suite (JUnit's EngineTestKit,
 * in this JVM) against drivers that each break one promise, and checks that exactly the tests of
 * that promise fail, with a message naming it.
 */
class BrokenDriversFailTheSuiteTest {

    @Test
    void aCompletionCalledTwiceIsCaught() {
        Map<String, String> failed = failuresOf(CompletesTwiceSuite.class);
        // The partition test's send to a partition the topic lacks fails, and the failure is counted once.
        assertEquals(Set.of("everySendCompletesExactlyOnce", "closingAProducerFlushesAndCompletesItsSends", PARTITION_TEST),
                failed.keySet(), failed::toString);
        failed.values().forEach(m -> assertTrue(m.startsWith("Broken promise (SendCompletion): the driver invokes each send's "
                + "completion exactly once. ") && m.contains("completed 2 times"), m));
    }

    @Test
    void anAcknowledgementNamingTheWrongPartitionIsCaught() {
        Map<String, String> failed = failuresOf(AcknowledgesPartitionZeroSuite.class);
        assertEquals(Set.of(PARTITION_TEST, "anAcknowledgementNamesThePartitionTheClientChose"), failed.keySet(), failed::toString);
        failed.values().forEach(m -> assertTrue(m.startsWith("Broken promise (SendCompletion.completed(partition)): an acknowledged "
                + "send names the partition the message was written to"), m));
        assertTrue(failed.get("anAcknowledgementNamesThePartitionTheClientChose").contains(" and its completion named partition 0."),
                failed.get("anAcknowledgementNamesThePartitionTheClientChose"));
    }

    @Test
    void aDroppedIntendedSendTimeIsCaught() {
        Map<String, String> failed = failuresOf(DropsIntendedTimeSuite.class);
        // Every test that compares delivered stamps with sent ones: the stamps test, the start positions' and the headers'.
        assertEquals(Set.of("stampsAndPayloadSizesReachTheConsumerUnchanged", FROM_END_TEST, EARLIEST_TEST, AGE_TEST, HEADERS_TEST),
                failed.keySet(), failed::toString);
        failed.values().forEach(m -> {
            assertTrue(m.startsWith("Broken promise (BenchmarkProducer.sendAsync / ConsumerCallback): the stamp (intended send time, "
                    + "producer id, sequence) reaches the consumer unchanged. No message arrived with MessageStamp["), m);
            assertTrue(m.matches(".*; it arrived as MessageStamp\\[intendedSendEpochMicros=0, producerId=\\d+, sequence=0\\]\\.$"),
                    "the message shows what arrived instead: " + m);
        });
    }

    @Test
    void aCompletionThatRunsBeforeAThrowIsCaught() {
        Map<String, String> failed = failuresOf(CompletesAndThrowsSuite.class);
        assertEquals(Set.of("aSendThatThrowsNeverCompletes"), failed.keySet(), failed::toString);
        String m = failed.get("aSendThatThrowsNeverCompletes");
        assertTrue(m.startsWith("Broken promise (BenchmarkProducer.sendAsync): if sendAsync throws, the completion never runs"), m);
        assertTrue(m.contains("threw java.lang.IllegalStateException: this producer of topic conformance-throws-"), m);
    }

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
    void anUnreachableClusterReportedWithTheWrongExceptionIsCaught() {
        Map<String, String> failed = failuresOf(UnreachableIsNotADriverExceptionSuite.class);
        assertEquals(Set.of("anUnreachableClusterFailsInitializeWithinThirtySecondsNamingTheAddress"), failed.keySet(),
                failed::toString);
        String m = failed.get("anUnreachableClusterFailsInitializeWithinThirtySecondsNamingTheAddress");
        assertTrue(m.startsWith("Broken promise (BenchmarkDriver.initialize): an unreachable cluster fails with a DriverException "
                + "(the message is shown to the user as it is). It threw java.lang.IllegalStateException"), m);
    }

    @Test
    void aThreadLeftRunningAfterCloseIsCaught() {
        Map<String, String> failed = failuresOf(LeaksAThreadSuite.class);
        assertEquals(Set.of("closingTheClientsAndThenTheDriverLeavesNoThreadBehind",
                "closingTheDriverClosesTheClientsItStillHolds"), failed.keySet(), failed::toString);
        failed.values().forEach(m -> {
            assertTrue(m.startsWith("Broken promise (BenchmarkDriver.close): "), m);
            assertTrue(m.contains("1 thread(s) still alive") && m.contains("'leaky-metrics-reporter' (TIMED_WAITING, daemon)"), m);
        });
    }

    /** What one run of a suite came to: the failed tests' method names and messages, and the tests an assumption aborted. */
    private record Outcome(Map<String, String> failed, Map<String, String> aborted) {}

    private static final String DESCRIBE_TEST = "describeTopicsGivesThePartitionCountsOfExistingTopicsAndLeavesOutMissingOnes";
    private static final String FROM_END_TEST = "aConsumerFromTheEndGetsOnlyTheMessagesSentAfterItStarted";
    private static final String EARLIEST_TEST = "aConsumerFromTheEarliestPositionGetsEveryMessageTheTopicHeld";
    private static final String AGE_TEST = "aConsumerFromAnAgeGetsTheRecordsNoOlderAndStartsAtTheEndWhereNoneIsThatNew";
    private static final String OFFSETS_TEST = "topicOffsetsGiveEachPartitionsFirstPositionAndEnd";
    private static final String PARTITION_TEST = "aMessageSentToAPartitionArrivesOnItAndAPartitionTheTopicLacksFailsItsSend";
    private static final String HEADERS_TEST = "userHeadersGoWithEveryRecordBesidesTheStamp";
    /** The tests of the calls a driver may refuse when it need not support runs on existing topics. */
    private static final Set<String> EXISTING_TOPICS_TESTS = Set.of(DESCRIBE_TEST, FROM_END_TEST, AGE_TEST, OFFSETS_TEST);

    @Test
    void aConsumerFromTheEndThatDeliversOldMessagesIsCaught() {
        Map<String, String> failed = failuresOf(FromEndDeliversOldMessagesSuite.class);
        assertEquals(Set.of(FROM_END_TEST), failed.keySet(), failed::toString);
        assertEquals("Broken promise (StartPosition.End): a consumer from the end delivers none of the "
                + "messages the topic held before it started. 20 of the 20 messages acknowledged before it was created were "
                + "delivered.", failed.get(FROM_END_TEST));
    }

    @Test
    void aConsumerFromTheEarliestThatStartsAtTheEndIsCaught() {
        Map<String, String> failed = failuresOf(AlwaysFromEndSuite.class);
        // Every test whose consumer starts after the topic got messages it must read.
        assertEquals(Set.of("stampsAndPayloadSizesReachTheConsumerUnchanged", EARLIEST_TEST, HEADERS_TEST, OFFSETS_TEST), failed.keySet(),
                failed::toString);
        assertEquals("Broken promise (StartPosition.Earliest): a new consumer group from the earliest position gets the messages the "
                + "topic held before it existed. 0 of 20 acknowledged messages were delivered within 5 s.", failed.get(EARLIEST_TEST));
    }

    @Test
    void aConsumerFromAnAgeThatStartsAtTheEarliestIsCaught() {
        Map<String, String> failed = failuresOf(AgeFromTheEarliestSuite.class);
        assertEquals(Set.of(AGE_TEST), failed.keySet(), failed::toString);
        assertTrue(failed.get(AGE_TEST).startsWith("Broken promise (StartPosition.Age): a consumer from an age gets none of the records "
                + "older than the age, and starts at the end of a partition with no record that new. 20 of the 20 records written "),
                failed.get(AGE_TEST));
    }

    @Test
    void aDroppedPartitionAndDroppedHeadersAreCaught() {
        Map<String, String> failed = failuresOf(DropsPartitionsAndHeadersSuite.class);
        assertEquals(Set.of(PARTITION_TEST, HEADERS_TEST, OFFSETS_TEST), failed.keySet(), failed::toString);
        assertTrue(failed.get(PARTITION_TEST).startsWith("Broken promise (BenchmarkProducer.sendAsync(partition)): a message sent to "
                + "partition p is written to partition p, whatever its key. Message "), failed.get(PARTITION_TEST));
        assertTrue(failed.get(HEADERS_TEST).startsWith("Broken promise (ProducerOptions.headers): every record carries the producer's "
                + "user headers, names and bytes, in their order. A record carries [] (the user's: [])"), failed.get(HEADERS_TEST));
    }

    @Test
    void aMissingTopicDescribedWithNoPartitionsIsCaught() {
        Map<String, String> failed = failuresOf(DescribesMissingTopicsWithNoPartitionsSuite.class);
        assertEquals(Set.of(DESCRIBE_TEST), failed.keySet(), failed::toString);
        String m = failed.get(DESCRIBE_TEST);
        assertTrue(m.matches("Broken promise \\(BenchmarkDriver.describeTopics\\): a topic that does not exist is absent from the "
                + "map\\. The never created conformance-never-created-\\w+-\\d+ is in it, with 0 partition\\(s\\)\\."), m);
    }

    @Test
    void aRefusalFailsWhenTheSuiteSaysTheDriverSupportsExistingTopics() {
        Map<String, String> failed = failuresOf(RefusesExistingTopicsSuite.class);
        assertEquals(EXISTING_TOPICS_TESTS, failed.keySet(), failed::toString);
        assertTrue(failed.get(DESCRIBE_TEST).startsWith("Broken promise (BenchmarkDriver.describeTopics): supported by this driver "
                + "(its suite's supportsExistingTopics() is true), so a healthy system answers. DescribeTopics(["), failed.get(DESCRIBE_TEST));
        assertTrue(failed.get(FROM_END_TEST).startsWith("Broken promise (StartPosition.End): supported by "
                + "this driver (its suite's supportsExistingTopics() is true), so a healthy system answers. CreateConsumer("),
                failed.get(FROM_END_TEST));
        failed.values().forEach(m -> assertTrue(m.contains("failed with io.kbench.driver.DriverException: driver "
                + "RefusesExistingTopics cannot "), m));
    }

    @Test
    void aRefusalAsDocumentedSkipsTheTestsOfADriverThatNeedNotSupportExistingTopics() {
        Outcome outcome = outcomeOf(RefusesExistingTopicsUnsupportedSuite.class);
        assertEquals(Map.of(), outcome.failed(), "a refusal as documented is no broken promise");
        Map<String, String> aborted = new TreeMap<>(outcome.aborted());
        aborted.keySet().removeAll(CONSUMER_FEATURE_TESTS);
        assertEquals(EXISTING_TOPICS_TESTS, aborted.keySet(), outcome::toString);
        aborted.values().forEach(m -> assertTrue(m.startsWith("the driver refuses ")
                && m.endsWith("): existingTopics runs are not available with it"), m));
    }

    @Test
    void aRefusalTheWrongWayFailsEvenWhenTheDriverNeedNotSupportExistingTopics() {
        Map<String, String> failed = failuresOf(RefusesExistingTopicsTheWrongWaySuite.class);
        assertEquals(Set.of(DESCRIBE_TEST, FROM_END_TEST), failed.keySet(), failed::toString);
        assertTrue(failed.get(DESCRIBE_TEST).startsWith("Broken promise (BenchmarkDriver.describeTopics): the call completes its "
                + "future, also to refuse (exceptionally, with a DriverException); it does not throw. DescribeTopics(["), failed.get(DESCRIBE_TEST));
        assertTrue(failed.get(DESCRIBE_TEST).endsWith("threw io.kbench.driver.DriverException: cannot describe existing topics."),
                failed.get(DESCRIBE_TEST));
        assertTrue(failed.get(FROM_END_TEST).startsWith("Broken promise (StartPosition.End): a driver that "
                + "cannot do it completes the future exceptionally with a DriverException telling the user what to do. CreateConsumer("),
                failed.get(FROM_END_TEST));
        assertTrue(failed.get(FROM_END_TEST).endsWith("start=End[]]) failed with java.lang.UnsupportedOperationException: fromEnd."),
                failed.get(FROM_END_TEST));
    }

    /** The tests of optional consumer features, which a driver that does not declare them skips. */
    private static final Set<String> CONSUMER_FEATURE_TESTS = Set.of(
            "shareConsumersOutnumberingPartitionsAllReceiveRecords",
            "releasedRecordsComeBackWithADeliveryCountOfTwo",
            "rejectedRecordsNeverComeBack",
            "acknowledgementCountsAddUpAndTheAcceptedRecordsCoverEveryAcknowledgedMessage",
            "theDeliveryCountLimitArchivesRecordsReleasedOnTheirLastDelivery",
            "implicitAcknowledgementAcceptsEveryRecordWhateverTheCallbackAnswers",
            "aShareGroupSettingOutOfRangeIsRefusedNamingIt",
            "aConsumerClosedAsACrashDeliversNothingMore",
            "membersOfEitherGroupProtocolStaticOrNotGetEveryMessageOnce");

    /**
     * Runs one suite class, in which every test must run to the end but those of consumer features the
     * driver does not declare (skipped, each saying why); returns the failed tests' method names and messages.
     */
    private static Map<String, String> failuresOf(Class<?> suite) {
        Outcome outcome = outcomeOf(suite);
        Map<String, String> aborted = new TreeMap<>(outcome.aborted());
        aborted.keySet().removeAll(CONSUMER_FEATURE_TESTS);
        assertEquals(Map.of(), aborted, "every test of the suite ran, but those of undeclared consumer features");
        outcome.aborted().values().forEach(m -> assertTrue(m.startsWith("Assumption failed: the driver does not declare "
                + "ConsumerFeature."), m));
        return outcome.failed();
    }

    @Test
    void aDriverWithoutShareGroupsPassesTheSuiteRefusingThemNamingItself() {
        Outcome outcome = outcomeOf(CompletesTwiceSuite.class);
        assertEquals(CONSUMER_FEATURE_TESTS, outcome.aborted().keySet(), "the driver declares no consumer feature: their tests are skipped");
        assertEquals("Assumption failed: the driver does not declare ConsumerFeature.SHARE_GROUPS (share groups): not tested",
                outcome.aborted().get("releasedRecordsComeBackWithADeliveryCountOfTwo"));
        assertTrue(!outcome.failed().containsKey("undeclaredConsumerFeaturesAreRefusedWithADriverExceptionNamingTheDriver"),
                "its SPI defaults refuse share groups and consumer options with a DriverException naming it: " + outcome.failed());
    }

    @Test
    void aShareDriverThatRejectsWhatWasReleasedIsCaught() {
        Map<String, String> failed = failuresOf(ReleasesAsRejectsSuite.class);
        assertEquals(Set.of("releasedRecordsComeBackWithADeliveryCountOfTwo",
                "acknowledgementCountsAddUpAndTheAcceptedRecordsCoverEveryAcknowledgedMessage",
                "theDeliveryCountLimitArchivesRecordsReleasedOnTheirLastDelivery"), failed.keySet(), failed::toString);
        assertTrue(failed.get("releasedRecordsComeBackWithADeliveryCountOfTwo").startsWith("Broken promise "
                + "(BenchmarkDriver.createConsumer(ShareMember)): a record released (Acknowledgement.RELEASE) is delivered again. Of the 10 "
                + "records released on their first delivery, 0 came back within 5 s."), failed.toString());
    }

    /** Runs one suite class through the Jupiter engine. */
    private static Outcome outcomeOf(Class<?> suite) {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .configurationParameter(ProofOnly.KEY, "true")
                .selectors(DiscoverySelectors.selectClass(suite))
                .execute();
        assertEquals(0, results.containerEvents().failed().count(), () -> "the suite itself could not run: "
                + results.containerEvents().failed().list());
        assertEquals(0, results.testEvents().skipped().count(), "no test of the suite is disabled");
        assertTrue(results.testEvents().succeeded().count() >= 15, "the other tests ran and passed");
        return new Outcome(byMethod(results.testEvents().failed().list()), byMethod(results.testEvents().aborted().list()));
    }

    /** The events' test method names, with the message each test ended with. */
    private static Map<String, String> byMethod(List<Event> events) {
        Map<String, String> out = new TreeMap<>();
        for (Event e : events) {
            String method = e.getTestDescriptor().getSource().filter(MethodSource.class::isInstance)
                    .map(s -> ((MethodSource) s).getMethodName()).orElse(e.getTestDescriptor().getDisplayName());
            String message = e.getRequiredPayload(TestExecutionResult.class).getThrowable().map(Throwable::getMessage).orElse("");
            out.put(method, message);
        }
        return out;
    }

    /** Lets a broken-driver suite run only inside this proof (EngineTestKit sets the key), never as a test of its own. */
    static final class ProofOnly implements ExecutionCondition {
        static final String KEY = "kbench.testkit.proof";

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(KEY).filter("true"::equals).isPresent()
                    ? ConditionEvaluationResult.enabled("run by the proof")
                    : ConditionEvaluationResult.disabled("a deliberately broken driver: run only by BrokenDriversFailTheSuiteTest");
        }
    }

    /** The in-memory suite with shorter waits: the in-memory driver answers at once, and a broken test need not wait 30 s. */
    @ExtendWith(ProofOnly.class)
    abstract static class BrokenSuite extends InMemoryDriverConformanceTest {
        @Override
        protected Duration callTimeout() {
            return Duration.ofSeconds(5);
        }

        @Override
        protected Duration settleTime() {
            return Duration.ofMillis(300);
        }
    }

    static final class ReportsTheFirstBatchOnlySuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.ReportsTheFirstBatchOnly();
        }
    }

    static final class CompletesTwiceSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.CompletesTwice();
        }
    }

    static final class DropsIntendedTimeSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.DropsIntendedTime();
        }
    }

    static final class CompletesAndThrowsSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.CompletesAndThrows();
        }
    }

    static final class IgnoresPauseSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.IgnoresPause();
        }
    }

    static final class UnreachableIsNotADriverExceptionSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.UnreachableIsNotADriverException();
        }
    }

    static final class LeaksAThreadSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.LeaksAThread();
        }
    }

    static final class FromEndDeliversOldMessagesSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.FromEndDeliversOldMessages();
        }
    }

    static final class AlwaysFromEndSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.AlwaysFromEnd();
        }
    }

    static final class AgeFromTheEarliestSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.AgeFromTheEarliest();
        }
    }

    static final class AcknowledgesPartitionZeroSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.AcknowledgesPartitionZero();
        }
    }

    static final class DropsPartitionsAndHeadersSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.DropsPartitionsAndHeaders();
        }
    }

    static final class DescribesMissingTopicsWithNoPartitionsSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.DescribesMissingTopicsWithNoPartitions();
        }
    }

    /** The in-memory suite says the driver supports existingTopics runs, so a refusal is a broken promise. */
    static final class RefusesExistingTopicsSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.RefusesExistingTopics();
        }
    }

    /** A driver that need not support existingTopics runs may refuse them, as documented. */
    static final class RefusesExistingTopicsUnsupportedSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.RefusesExistingTopics();
        }

        @Override
        protected boolean supportsExistingTopics() {
            return false;
        }
    }

    static final class ReleasesAsRejectsSuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.ReleasesAsRejects();
        }
    }

    static final class RefusesExistingTopicsTheWrongWaySuite extends BrokenSuite {
        @Override
        protected BenchmarkDriver<InMemoryConfig> newDriver() {
            return new BrokenDrivers.RefusesExistingTopicsTheWrongWay();
        }

        @Override
        protected boolean supportsExistingTopics() {
            return false;
        }
    }
}
