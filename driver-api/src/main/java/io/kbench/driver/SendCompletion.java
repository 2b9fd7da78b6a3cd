package io.kbench.driver;

/** Called once per message by the driver when its send is acknowledged or has failed. */
@FunctionalInterface
public interface SendCompletion {

    /** @param error {@code null} when the broker acknowledged the message, else the cause */
    void completed(Throwable error);
}
