package io.kbench.driver;

/** How a share consumer acknowledges the records it was delivered. */
public enum AcknowledgementMode {
    /**
     * Every record delivered is accepted once the callback has returned for it; the callback's answer
     * is ignored (Kafka: {@code share.acknowledgement.mode=implicit}, acknowledged with the next fetch).
     */
    IMPLICIT,
    /**
     * The callback's answer, per record: {@link Acknowledgement#ACCEPT}, {@link Acknowledgement#RELEASE}
     * or {@link Acknowledgement#REJECT} (Kafka: {@code share.acknowledgement.mode=explicit}).
     */
    EXPLICIT
}
