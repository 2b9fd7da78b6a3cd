package io.kbench.inmemory;

import static io.kbench.inmemory.BrokenDriversFailTheSuiteTest.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The conformance suite catches drivers that break the start positions' promises (from the end, the earliest, an age):
 * a part of {@link BrokenDriversFailTheSuiteTest}, with its helpers and broken suites.
 */
class BrokenStartPositionsFailTheSuiteTest {

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
                + "topic held before it existed. 0 of 20 acknowledged messages were delivered within 2 s.", failed.get(EARLIEST_TEST));
    }

    @Test
    void aConsumerFromAnAgeThatStartsAtTheEarliestIsCaught() {
        Map<String, String> failed = failuresOf(AgeFromTheEarliestSuite.class);
        assertEquals(Set.of(AGE_TEST), failed.keySet(), failed::toString);
        assertTrue(failed.get(AGE_TEST).startsWith("Broken promise (StartPosition.Age): a consumer from an age gets none of the records "
                + "older than the age, and starts at the end of a partition with no record that new. 20 of the 20 records written "),
                failed.get(AGE_TEST));
    }
}
