package io.kbench.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Producer options: user headers and what they cost per record; topic offsets. */
class ProducerOptionsTest {

    @Test
    void aProducerHasNoUserHeadersUnlessGiven() {
        ProducerOptions o = new ProducerOptions("run-1-0", null);
        assertEquals(List.of(), o.headers());
        assertEquals(TransactionListener.NONE, o.transactions());
        assertEquals(0, o.headerBytes());
    }

    @Test
    void headersKeepTheirBytesApartFromTheCallersAndCountNameAndValue() {
        byte[] value = "v1".getBytes(StandardCharsets.UTF_8);
        ProducerOptions.Header h = new ProducerOptions.Header("trace-id", value);
        value[0] = 'x';
        assertArrayEquals("v1".getBytes(StandardCharsets.UTF_8), h.value(), "copied when made");
        assertNotSame(h.value(), h.value());
        assertEquals(new ProducerOptions.Header("trace-id", "v1".getBytes(StandardCharsets.UTF_8)), h, "equal by content");
        ProducerOptions o = new ProducerOptions("p", null).withHeaders(List.of(h, new ProducerOptions.Header("é", new byte[3])));
        assertEquals(8 + 2 + 2 + 3, o.headerBytes(), "names in UTF-8 and values");
    }

    @Test
    void theStampHeadersNameIsKbenchsOwn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ProducerOptions.Header("kb", new byte[0]));
        assertEquals("header name 'kb' is kbench's own (it carries the message stamp): choose another name", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ProducerOptions.Header(" ", new byte[0]));
        assertThrows(NullPointerException.class, () -> new ProducerOptions.Header("h", null));
    }

    @Test
    void topicOffsetsSpanWhatThePartitionsHold() {
        TopicOffsets t = new TopicOffsets(List.of(new TopicOffsets.Partition(0, 10), new TopicOffsets.Partition(5, 5),
                new TopicOffsets.Partition(100, 250)));
        assertEquals(3, t.partitionCount());
        assertEquals(160, t.span());
        assertEquals(150, t.partition(2).span());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TopicOffsets.Partition(5, 4));
        assertEquals("a partition's positions need 0 <= earliest <= end, got earliest 5, end 4", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new TopicOffsets(List.of()));
    }
}
