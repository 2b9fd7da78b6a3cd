package io.kbench.inmemory;

import io.kbench.driver.MessageStamp;

/**
 * A message as a partition keeps it: its payload's size and its stamp. The payload's bytes are not
 * kept: a consumer callback gets only their size, and the framework reuses the array.
 */
record StoredMessage(int payloadSizeBytes, MessageStamp stamp) {}
