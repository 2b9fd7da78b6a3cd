package io.kbench.inmemory;

import static io.kbench.inmemory.BrokenDriversFailTheSuiteTest.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The conformance suite catches drivers that break the sends' promises (each completion once, after no throw, naming
 * the partition; the stamp, partition and headers reaching the system): a part of {@link BrokenDriversFailTheSuiteTest},
 * with its helpers and broken suites.
 */
class BrokenSendsFailTheSuiteTest {

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
    void aDroppedPartitionAndDroppedHeadersAreCaught() {
        Map<String, String> failed = failuresOf(DropsPartitionsAndHeadersSuite.class);
        assertEquals(Set.of(PARTITION_TEST, HEADERS_TEST, OFFSETS_TEST), failed.keySet(), failed::toString);
        assertTrue(failed.get(PARTITION_TEST).startsWith("Broken promise (BenchmarkProducer.sendAsync(partition)): a message sent to "
                + "partition p is written to partition p, whatever its key. Message "), failed.get(PARTITION_TEST));
        assertTrue(failed.get(HEADERS_TEST).startsWith("Broken promise (ProducerOptions.headers): every record carries the producer's "
                + "user headers, names and bytes, in their order. A record carries [] (the user's: [])"), failed.get(HEADERS_TEST));
    }
}
