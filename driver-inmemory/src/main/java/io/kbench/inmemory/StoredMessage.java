package io.kbench.inmemory;

import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import java.util.List;

/**
 * A message as a partition keeps it: its payload's size, its stamp, when it was made and the user headers
 * of its producer. The payload's bytes are not kept: a consumer callback gets only their size, and the
 * framework reuses the array.
 *
 * @param createMillis when the producer's {@code sendAsync} took it, ms since the Unix epoch (its CreateTime)
 * @param headers the producer's user headers: one list per producer, shared by its messages
 */
record StoredMessage(int payloadSizeBytes, MessageStamp stamp, long createMillis, List<ProducerOptions.Header> headers) {}
