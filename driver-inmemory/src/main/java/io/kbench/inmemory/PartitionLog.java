package io.kbench.inmemory;

import java.util.ArrayList;
import java.util.List;

/** One partition: an append-only list of messages, whose index is the message's position. */
final class PartitionLog {

    private final List<StoredMessage> messages = new ArrayList<>();

    /** @return the message's position */
    synchronized long append(StoredMessage message) {
        messages.add(message);
        return messages.size() - 1;
    }

    /**
     * The position of the first message made at or after {@code epochMillis} (Kafka's offsetsForTimes), or
     * the end when none is that new. Messages of several producers need not be in time order: this is the
     * first in position order.
     */
    synchronized long firstAtOrAfter(long epochMillis) {
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i).createMillis() >= epochMillis) {
                return i;
            }
        }
        return messages.size();
    }

    /** The position the next message gets: the partition's end. */
    synchronized long end() {
        return messages.size();
    }

    /** Up to {@code max} messages from position {@code from} on, in order. */
    synchronized List<StoredMessage> read(long from, int max) {
        int start = (int) Math.min(from, messages.size());
        return new ArrayList<>(messages.subList(start, Math.min(messages.size(), start + max)));
    }
}
