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
 * that promise fail, with a message naming it. The driver's own promises are here; the sends' are in
 * {@link BrokenSendsFailTheSuiteTest}, the consumers' in {@link BrokenConsumersFailTheSuiteTest} and the start
 * positions' in {@link BrokenStartPositionsFailTheSuiteTest}: four classes, so that four test JVMs share the work
 * (each suite run checks its JVM's threads, so the runs in one JVM go one after another, and mostly wait).
 */
class BrokenDriversFailTheSuiteTest {

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
    record Outcome(Map<String, String> failed, Map<String, String> aborted) {}

    static final String DESCRIBE_TEST = "describeTopicsGivesThePartitionCountsOfExistingTopicsAndLeavesOutMissingOnes";
    static final String FROM_END_TEST = "aConsumerFromTheEndGetsOnlyTheMessagesSentAfterItStarted";
    static final String EARLIEST_TEST = "aConsumerFromTheEarliestPositionGetsEveryMessageTheTopicHeld";
    static final String AGE_TEST = "aConsumerFromAnAgeGetsTheRecordsNoOlderAndStartsAtTheEndWhereNoneIsThatNew";
    static final String OFFSETS_TEST = "topicOffsetsGiveEachPartitionsFirstPositionAndEnd";
    static final String PARTITION_TEST = "aMessageSentToAPartitionArrivesOnItAndAPartitionTheTopicLacksFailsItsSend";
    static final String HEADERS_TEST = "userHeadersGoWithEveryRecordBesidesTheStamp";
    /** The tests of the calls a driver may refuse when it need not support runs on existing topics. */
    static final Set<String> EXISTING_TOPICS_TESTS = Set.of(DESCRIBE_TEST, FROM_END_TEST, AGE_TEST, OFFSETS_TEST);

    @Test
    void aMissingTopicDescribedWithNoPartitionsIsCaught() {
        Map<String, String> failed = failuresOf(DescribesMissingTopicsWithNoPartitionsSuite.class);
        assertEquals(Set.of(DESCRIBE_TEST), failed.keySet(), failed::toString);
        String m = failed.get(DESCRIBE_TEST);
        assertTrue(m.matches("Broken promise \\(BenchmarkDriver.describeTopics\\): a topic that does not exist is absent from the "
                + "map\\. The never created conformance-never-created-\\w+-\\d+ is in it, with 0 partition\\(s\\)\\."), m);
    }

    /** The tests of optional consumer features, which a driver that does not declare them skips. */
    static final Set<String> CONSUMER_FEATURE_TESTS = Set.of(
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
    static Map<String, String> failuresOf(Class<?> suite) {
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

    /** Runs one suite class through the Jupiter engine. */
    static Outcome outcomeOf(Class<?> suite) {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .configurationParameter(ProofOnly.KEY, "true")
                .selectors(DiscoverySelectors.selectClass(suite))
                .execute();
        assertEquals(0, results.containerEvents().failed().count(), () -> "the suite itself could not run: "
                + results.containerEvents().failed().list());
        assertEquals(0, results.testEvents().skipped().count(), "no test of the suite is disabled");
        assertTrue(results.testEvents().succeeded().count() >= 15, "the other tests ran and passed");
        // A test the suite found inconclusive (a machine too slow for its timing, as it says) is neither a failure nor a skip
        // of an undeclared feature: left out, so a busy machine does not fail what this class checks.
        Map<String, String> aborted = byMethod(results.testEvents().aborted().list());
        aborted.values().removeIf(m -> m.startsWith("Assumption failed: inconclusive"));
        return new Outcome(byMethod(results.testEvents().failed().list()), aborted);
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

    /**
     * The in-memory suite with shorter waits, as the proof runs it eighteen times: the in-memory driver answers within
     * milliseconds, so a broken test need not wait 30 s for what never comes, and 150 ms of watching sees what must not
     * happen (the age test's age, 450 ms, still outlasts a partition assignment on a busy machine).
     */
    @ExtendWith(ProofOnly.class)
    abstract static class BrokenSuite extends InMemoryDriverConformanceTest {
        @Override
        protected Duration callTimeout() {
            return Duration.ofSeconds(2);
        }

        @Override
        protected Duration settleTime() {
            return Duration.ofMillis(150);
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
