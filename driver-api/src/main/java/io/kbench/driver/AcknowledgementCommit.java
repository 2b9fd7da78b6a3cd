package io.kbench.driver;

/**
 * The system's answer to one commit of a share consumer's acknowledgements: how many records of each
 * outcome it covered, how long the system took, and whether it took them.
 *
 * @param accepted records acknowledged {@link Acknowledgement#ACCEPT} in this commit (in implicit mode, every record)
 * @param released records acknowledged {@link Acknowledgement#RELEASE}
 * @param rejected records acknowledged {@link Acknowledgement#REJECT}
 * @param commitMicros from when the consumer handed the acknowledgements to the system until it had the
 *     answer, in microseconds; 0 or more. A driver says what it measures; Kafka's: the round trip of the
 *     {@code commitSync} after each batch in explicit mode; in implicit mode, from the poll that carried
 *     the acknowledgements until a later poll reported the answer (an upper bound)
 * @param error {@code null} when the system took every acknowledgement of the commit; otherwise why not,
 *     and then the counts are of acknowledgements that took no effect (the records stay or become
 *     available and are delivered again)
 * @param lockExpired the error is that the records' acquisition lock had expired before the
 *     acknowledgement arrived (Kafka: {@code InvalidRecordStateException}): the system had already taken
 *     them back for another delivery; false when {@code error} is null
 */
public record AcknowledgementCommit(long accepted, long released, long rejected, long commitMicros, Throwable error,
                                    boolean lockExpired) {

    public AcknowledgementCommit {
        if (accepted < 0 || released < 0 || rejected < 0 || commitMicros < 0) {
            throw new IllegalArgumentException("counts and commitMicros must not be negative: accepted " + accepted
                    + ", released " + released + ", rejected " + rejected + ", commitMicros " + commitMicros);
        }
        if (lockExpired && error == null) {
            throw new IllegalArgumentException("lockExpired needs the error the system answered with");
        }
    }

    /** The records this commit covered, of every outcome. */
    public long records() {
        return accepted + released + rejected;
    }

    /** True when the system took the acknowledgements. */
    public boolean succeeded() {
        return error == null;
    }
}
