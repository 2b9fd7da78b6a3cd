package io.kbench.kafka;

import java.nio.ByteBuffer;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * The consumers' key and value "deserializer": the benchmark needs a record's size and headers,
 * never its bytes, so the bytes stay in the fetched buffer instead of being copied into a new
 * array for every record (what {@code ByteArrayDeserializer} does: a second copy of all the
 * data read). Every record's key and value therefore read as {@code null}.
 */
public final class UncopiedBytesDeserializer implements Deserializer<byte[]> {

    @Override
    public byte[] deserialize(String topic, byte[] data) {
        return null;
    }

    @Override
    public byte[] deserialize(String topic, Headers headers, byte[] data) {
        return null;
    }

    /** What the client calls for every record (the array forms above only if someone else asks). */
    @Override
    public byte[] deserialize(String topic, Headers headers, ByteBuffer data) {
        return null;
    }
}
