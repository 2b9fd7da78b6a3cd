package io.kbench.inmemory;

import static io.kbench.inmemory.BrokenDriversFailTheSuiteTest.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The conformance suite catches drivers that refuse runs on existing topics the wrong way, and skips the tests of a
 * driver that refuses them as documented: a part of {@link BrokenDriversFailTheSuiteTest}, with its helpers and broken
 * suites.
 */
class BrokenExistingTopicsFailTheSuiteTest {

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
}
