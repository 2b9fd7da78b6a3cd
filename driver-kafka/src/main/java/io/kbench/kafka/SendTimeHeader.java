package io.kbench.kafka;

import io.kbench.driver.MessageStamp;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The record header that carries a message's {@link MessageStamp} from producer to consumer: the
 * intended send time (8 bytes), and producer id and sequence when integrity is checked (24 bytes).
 * One short key, because it is repeated in every record.
 */
final class SendTimeHeader {

    static final String KEY = "kb";

    private SendTimeHeader() {}

    /** The stamp of a record, or {@code null} when it has none (not sent by this benchmark). */
    static MessageStamp decode(Headers headers) {
        Header header = headers.lastHeader(KEY);
        return header == null ? null : MessageStamp.decode(header.value());
    }
}
