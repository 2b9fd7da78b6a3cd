package io.kbench.plan;

/**
 * A producer's id within a run: the run's 32-bit tag in the high half (so messages left in a topic
 * by another run are recognised and skipped), the producer's index in the low half. Never 0, which
 * {@link io.kbench.driver.MessageStamp#NO_PRODUCER} reserves.
 */
public final class ProducerIds {

    private ProducerIds() {}

    /** The run's tag: its id read as hex when it is 8 hex digits (as generated), else a hash; never 0. */
    public static int runTag(String runId) {
        int tag;
        try {
            tag = runId.length() == 8 ? Integer.parseUnsignedInt(runId, 16) : runId.hashCode();
        } catch (NumberFormatException e) {
            tag = runId.hashCode();
        }
        return tag == 0 ? 1 : tag;
    }

    public static long of(int runTag, int producerIndex) {
        return ((long) runTag << 32) | (producerIndex & 0xffffffffL);
    }

    public static int runTagOf(long producerId) {
        return (int) (producerId >>> 32);
    }

    public static int indexOf(long producerId) {
        return (int) producerId;
    }
}
