package io.kbench.coordinator;

/** The run was asked to stop (Ctrl-C); what was measured so far is still written. */
public class RunStoppedException extends RuntimeException {

    public RunStoppedException(String reason) {
        super(reason);
    }
}
