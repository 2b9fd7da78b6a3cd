package io.kbench.inmemory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.BenchmarkDriver;
import java.time.Duration;
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
        assertEquals(Set.of("everySendCompletesExactlyOnce", "closingAProducerFlushesAndCompletesItsSends"), failed.keySet(),
                failed::toString);
        failed.values().forEach(m -> assertTrue(m.startsWith("Broken promise (SendCompletion): the driver invokes each send's "
                + "completion exactly once. ") && m.contains("completed 2 times"), m));
    }

    @Test
    void aDroppedIntendedSendTimeIsCaught() {
        Map<String, String> failed = failuresOf(DropsIntendedTimeSuite.class);
        assertEquals(Set.of("stampsAndPayloadSizesReachTheConsumerUnchanged"), failed.keySet(), failed::toString);
        String m = failed.get("stampsAndPayloadSizesReachTheConsumerUnchanged");
        assertTrue(m.startsWith("Broken promise (BenchmarkProducer.sendAsync / ConsumerCallback): the stamp (intended send time, "
                + "producer id, sequence) reaches the consumer unchanged. No message arrived with MessageStamp["), m);
        assertTrue(m.matches(".*; it arrived as MessageStamp\\[intendedSendEpochMicros=0, producerId=\\d+, sequence=0\\]\\.$"),
                "the message shows what arrived instead: " + m);
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

    /** Runs one suite class through the Jupiter engine; returns the failed tests' method names and messages. */
    private static Map<String, String> failuresOf(Class<?> suite) {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .configurationParameter(ProofOnly.KEY, "true")
                .selectors(DiscoverySelectors.selectClass(suite))
                .execute();
        assertEquals(0, results.containerEvents().failed().count(), () -> "the suite itself could not run: "
                + results.containerEvents().failed().list());
        assertEquals(0, results.testEvents().skipped().count() + results.testEvents().aborted().count(),
                "every test of the suite ran");
        Map<String, String> failed = new TreeMap<>();
        for (Event e : results.testEvents().failed().list()) {
            String method = e.getTestDescriptor().getSource().filter(MethodSource.class::isInstance)
                    .map(s -> ((MethodSource) s).getMethodName()).orElse(e.getTestDescriptor().getDisplayName());
            String message = e.getRequiredPayload(TestExecutionResult.class).getThrowable().map(Throwable::getMessage).orElse("");
            failed.put(method, message);
        }
        assertTrue(results.testEvents().succeeded().count() >= 15, "the other tests ran and passed");
        return failed;
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
}
