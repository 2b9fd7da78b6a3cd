package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class SendTimeHeaderTest {

    private static final MessageStamp FULL = new MessageStamp(1_795_000_000_123_456L, 0x0badcafe00000003L, 41);
    private static final MessageStamp TIME = MessageStamp.timeOnly(1_795_000_000_654_321L);

    /**
     * A header as the consumer parses it out of a fetched batch: key and value are slices of one larger
     * buffer (DefaultRecord.readHeaders), not at position 0 of their arrays.
     */
    private static RecordHeader fetched(String key, byte[] value) {
        byte[] k = key.getBytes(StandardCharsets.UTF_8);
        ByteBuffer batch = ByteBuffer.allocate(7 + k.length + 3 + value.length + 5);
        batch.position(7);
        ByteBuffer keyBuffer = batch.slice();
        keyBuffer.put(k).flip();
        batch.position(7 + k.length + 3);
        ByteBuffer valueBuffer = batch.slice();
        valueBuffer.put(value).flip();
        return new RecordHeader(keyBuffer, valueBuffer);
    }

    private static RecordHeaders headers(Header... h) {
        return new RecordHeaders(h);
    }

    @Test
    void thePinnedClientsHeadersAreReadWhereTheyLie() {
        assertTrue(SendTimeHeader.readsWithoutCopying(), "RecordHeader's buffer fields are where SendTimeHeader expects them: "
                + "if a new kafka-clients moved them, consumers copy every header again (correct, but slower)");
    }

    @Test
    void fetchedHeadersDecodeInPlaceUntouched() {
        RecordHeader full = fetched(SendTimeHeader.KEY, FULL.encode());
        assertEquals(FULL, SendTimeHeader.decode(headers(full)));
        assertEquals(TIME, SendTimeHeader.decode(headers(fetched(SendTimeHeader.KEY, TIME.encode()))));
        // Read in place: the header is as the client left it, and its public methods still answer.
        assertEquals(SendTimeHeader.KEY, full.key());
        assertArrayEquals(FULL.encode(), full.value());
        assertEquals(FULL, SendTimeHeader.decode(headers(full)), "and once its key and value were read the public way too");
    }

    @Test
    void theLastStampWinsAndOtherHeadersAreSkipped() {
        assertEquals(TIME, SendTimeHeader.decode(headers(fetched(SendTimeHeader.KEY, FULL.encode()), fetched("kc", new byte[8]),
                fetched(SendTimeHeader.KEY, TIME.encode()), fetched("trace-id", new byte[24]))));
    }

    @Test
    void anythingElseIsNoStamp() {
        assertNull(SendTimeHeader.decode(new RecordHeaders()));
        assertNull(SendTimeHeader.decode(headers(fetched("k", FULL.encode()))), "another key of another length");
        assertNull(SendTimeHeader.decode(headers(fetched("kbx", FULL.encode()))));
        assertNull(SendTimeHeader.decode(headers(fetched("kB", FULL.encode()))));
        assertNull(SendTimeHeader.decode(headers(fetched(SendTimeHeader.KEY, new byte[5]))), "a foreign value under our key");
        assertNull(SendTimeHeader.decode(headers(new RecordHeader(ByteBuffer.wrap(new byte[] {'k', 'b'}), null))), "a null value");
    }

    @Test
    void headersBuiltFromArraysAreReadThroughThePublicMethods() {
        assertEquals(FULL, SendTimeHeader.decode(headers(new RecordHeader(SendTimeHeader.KEY, FULL.encode()))));
        assertNull(SendTimeHeader.decode(headers(new RecordHeader("other", FULL.encode()))));
    }

    private static final int ANY = BenchmarkProducer.ANY_PARTITION;

    @Test
    void recordsCarryTheStampsEncodingAndReuseTheirHeader() {
        StampedRecords records = new StampedRecords("t", List.of(), () -> 2000);
        byte[] payload = new byte[3];
        ProducerRecord<byte[], byte[]> first = records.record(null, payload, ANY, FULL);
        assertEquals("t", first.topic());
        assertArrayEquals(FULL.encode(), first.headers().lastHeader(SendTimeHeader.KEY).value());
        assertEquals(1, first.headers().toArray().length);
        assertEquals(FULL, SendTimeHeader.decode(first.headers()));
        ProducerRecord<byte[], byte[]> second = records.record(new byte[] {1}, payload, ANY, TIME);
        assertArrayEquals(TIME.encode(), second.headers().lastHeader(SendTimeHeader.KEY).value());
        MessageStamp next = new MessageStamp(7, FULL.producerId(), 42);
        ProducerRecord<byte[], byte[]> third = records.record(null, payload, ANY, next);
        assertArrayEquals(next.encode(), third.headers().lastHeader(SendTimeHeader.KEY).value(),
                "the bytes are rewritten for each message (the client copied the last ones when it took the record)");
        assertEquals(0, records.record(null, payload, ANY, null).headers().toArray().length, "without a stamp, no header");
    }

    @Test
    void aRecordWithoutKeyIsReusedForTheSamePayloadAndKind() {
        StampedRecords records = new StampedRecords("t", List.of(), () -> 2000);
        byte[] payload = new byte[3];
        byte[] other = new byte[3];
        ProducerRecord<byte[], byte[]> first = records.record(null, payload, ANY, FULL);
        assertSame(first, records.record(null, payload, ANY, new MessageStamp(8, FULL.producerId(), 43)), "same payload array, same header");
        assertArrayEquals(new MessageStamp(8, FULL.producerId(), 43).encode(), first.headers().lastHeader(SendTimeHeader.KEY).value(),
                "carrying the new stamp's bytes");
        assertNotSame(first, records.record(null, other, ANY, FULL), "another payload array");
        assertNotSame(first, records.record(null, payload, ANY, TIME), "another kind of stamp");
        ProducerRecord<byte[], byte[]> bare = records.record(null, payload, ANY, null);
        assertSame(bare, records.record(null, payload, ANY, null), "without a stamp too");
        assertEquals(0, bare.headers().toArray().length);
        ProducerRecord<byte[], byte[]> keyed = records.record(new byte[] {1}, payload, ANY, null);
        assertNotSame(keyed, records.record(new byte[] {1}, payload, ANY, null), "a record with a key is new each time");
        assertNull(first.timestamp(), "the client stamps each send with its own time");
        assertNull(first.partition(), "and picks the partition for each send");
    }

    @Test
    void aPartitionAskedForGoesInTheRecordBoxedOncePerPartition() {
        StampedRecords records = new StampedRecords("t", List.of(), () -> 2000);
        byte[] payload = new byte[3];
        ProducerRecord<byte[], byte[]> on1000 = records.record(null, payload, 1000, FULL);
        assertEquals(1000, on1000.partition());
        assertSame(on1000, records.record(null, payload, 1000, FULL), "reused: the same boxed partition");
        ProducerRecord<byte[], byte[]> on3 = records.record(null, payload, 3, FULL);
        assertNotSame(on1000, on3, "another partition, another record");
        assertSame(on1000.partition(), records.record(new byte[] {1}, payload, 1000, null).partition(),
                "a keyed record gets the same Integer: nothing boxed per message");
        assertNull(records.record(null, payload, ANY, FULL).partition(), "no partition: the partitioner's choice");
        assertThrows(IllegalArgumentException.class, () -> records.record(null, payload, -2, FULL));
        IllegalArgumentException beyond = assertThrows(IllegalArgumentException.class, () -> records.record(null, payload, 2000, FULL),
                "not sent: the client would wait up to max.block.ms for a partition the topic does not have");
        assertEquals("partition 2000 of topic t does not exist: it has 2000 partition(s), 0 to 1999", beyond.getMessage());
    }

    @Test
    void userHeadersComeFirstInEveryRecordAndTheStampLast() {
        List<ProducerOptions.Header> user = List.of(new ProducerOptions.Header("trace", new byte[] {1, 2}),
                new ProducerOptions.Header("empty", new byte[0]));
        StampedRecords records = new StampedRecords("t", user, () -> 4);
        byte[] payload = new byte[3];
        for (MessageStamp stamp : new MessageStamp[] {FULL, TIME}) {
            Header[] all = records.record(null, payload, ANY, stamp).headers().toArray();
            assertEquals(List.of("trace", "empty", SendTimeHeader.KEY), Arrays.stream(all).map(Header::key).toList());
            assertArrayEquals(new byte[] {1, 2}, all[0].value());
            assertArrayEquals(new byte[0], all[1].value());
            assertEquals(stamp, SendTimeHeader.decode(records.record(new byte[] {1}, payload, 2, stamp).headers()));
        }
        Header[] unstamped = records.record(null, payload, ANY, null).headers().toArray();
        assertEquals(List.of("trace", "empty"), Arrays.stream(unstamped).map(Header::key).toList(), "without a stamp, the user's only");
        assertNull(SendTimeHeader.decode(records.record(null, payload, ANY, null).headers()));
    }
}
