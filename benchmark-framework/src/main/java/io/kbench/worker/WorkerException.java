package io.kbench.worker;

/** A worker call failed; the message names the worker and the call and says what happened. */
public class WorkerException extends RuntimeException {

    public WorkerException(String message) {
        super(message);
    }

    public WorkerException(String message, Throwable cause) {
        super(message, cause);
    }
}
