package io.kbench.features;

/** A phase of the run could not complete; the message says why and what to do. */
public class RunFailedException extends RuntimeException {

    public RunFailedException(String message) {
        super(message);
    }
}
