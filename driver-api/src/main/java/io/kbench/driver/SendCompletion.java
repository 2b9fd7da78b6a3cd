package io.kbench.driver;

/** Called once per message by the driver when its send is acknowledged or has failed. */
@FunctionalInterface
public interface SendCompletion {

    /** @param error {@code null} when the broker acknowledged the message, else the cause */
    void completed(Throwable error);

    /**
     * The message was acknowledged ({@link #completed} ran with {@code null}), but the transaction it was
     * sent in was then aborted: it will never reach consumers that read committed data only. Only drivers
     * that send in transactions call it, at most once per message, after {@code completed(null)}.
     */
    default void aborted() {}
}
