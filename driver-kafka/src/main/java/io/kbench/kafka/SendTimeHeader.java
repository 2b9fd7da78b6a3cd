package io.kbench.kafka;

import io.kbench.driver.MessageStamp;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * The record header that carries a message's {@link MessageStamp} from producer to consumer: the
 * intended send time (8 bytes), and producer id and sequence when integrity is checked (24 bytes).
 * One short key, because it is repeated in every record.
 *
 * <p>Reading it is on the consumer's path for every record. {@link Header#key()} and
 * {@link Header#value()} of the headers a consumer gets decode the key into a new String and copy the
 * value into a new array (and publish both through volatile fields); so where it can, this class
 * reads the bytes where the fetch left them instead, through {@link RecordHeader}'s own buffer
 * fields. Where it cannot (another client version, a header built from arrays), it falls back to the
 * public methods, with the same result. {@link #readsWithoutCopying()} says which is in use.
 */
final class SendTimeHeader {

    static final String KEY = "kb";

    /**
     * Getters of RecordHeader's key and value buffers and of RecordHeaders' list, or null when this
     * client version has no such fields. (Constant method handles: the JIT inlines them into plain
     * field reads, which it did not do for VarHandles on this path.)
     */
    private static final MethodHandle KEY_BUFFER;
    private static final MethodHandle VALUE_BUFFER;
    private static final MethodHandle HEADER_LIST;

    static {
        MethodHandle key = null;
        MethodHandle value = null;
        MethodHandle list = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(RecordHeader.class, MethodHandles.lookup());
            key = lookup.findGetter(RecordHeader.class, "keyBuffer", ByteBuffer.class);
            value = lookup.findGetter(RecordHeader.class, "valueBuffer", ByteBuffer.class);
            list = MethodHandles.privateLookupIn(RecordHeaders.class, MethodHandles.lookup())
                    .findGetter(RecordHeaders.class, "headers", List.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            key = null; // the public methods then, which copy
            value = null;
            list = null;
        }
        KEY_BUFFER = key;
        VALUE_BUFFER = value;
        HEADER_LIST = list;
    }

    private SendTimeHeader() {}

    /** True when headers are read in place (this client's RecordHeader(s) have the fields this class expects). */
    static boolean readsWithoutCopying() {
        return HEADER_LIST != null;
    }

    /** The stamp of a record, or {@code null} when it has none (not sent by this benchmark). */
    static MessageStamp decode(Headers headers) {
        if (HEADER_LIST != null && headers instanceof RecordHeaders r) {
            List<Header> all = list(r); // no copy (toArray copies)
            for (int i = all.size() - 1; i >= 0; i--) { // the last one wins, as Headers.lastHeader
                if (isOurs(all.get(i))) {
                    return decode(all.get(i));
                }
            }
            return null;
        }
        Header[] all = headers.toArray();
        for (int i = all.length - 1; i >= 0; i--) {
            if (isOurs(all[i])) {
                return decode(all[i]);
            }
        }
        return null;
    }

    /** Whether the header has our key, looked at in place where possible. */
    private static boolean isOurs(Header h) {
        if (KEY_BUFFER != null && h instanceof RecordHeader r) {
            ByteBuffer key = buffer(KEY_BUFFER, r);
            if (key != null) { // still unread (key() would have taken it)
                int at = key.position();
                return key.remaining() == 2 && key.get(at) == 'k' && key.get(at + 1) == 'b';
            }
        }
        return KEY.equals(h.key());
    }

    /** The stamp a header of ours carries, read in place where possible. */
    private static MessageStamp decode(Header h) {
        if (VALUE_BUFFER != null && h instanceof RecordHeader r) {
            ByteBuffer value = buffer(VALUE_BUFFER, r);
            if (value != null) { // still unread (value() would have taken it)
                return decode(value);
            }
        }
        return MessageStamp.decode(h.value());
    }

    @SuppressWarnings("unchecked")
    private static List<Header> list(RecordHeaders headers) {
        try {
            return (List<Header>) HEADER_LIST.invokeExact(headers);
        } catch (Throwable e) {
            throw new IllegalStateException("reading RecordHeaders' list failed", e); // a getter of a field it has: cannot happen
        }
    }

    private static ByteBuffer buffer(MethodHandle getter, RecordHeader header) {
        try {
            return (ByteBuffer) getter.invokeExact(header);
        } catch (Throwable e) {
            throw new IllegalStateException("reading a RecordHeader's buffer failed", e); // as above
        }
    }

    /** As {@link MessageStamp#decode(byte[])}, from the buffer's remaining bytes, leaving its position alone. */
    private static MessageStamp decode(ByteBuffer value) {
        int at = value.position();
        int length = value.remaining();
        if (length == MessageStamp.TIME_ONLY_BYTES) {
            return MessageStamp.timeOnly(value.getLong(at)); // ByteBuffers are big-endian, as the encoding
        }
        if (length == MessageStamp.FULL_BYTES) {
            return new MessageStamp(value.getLong(at), value.getLong(at + 8), value.getLong(at + 16));
        }
        return null;
    }
}
