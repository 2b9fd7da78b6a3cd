package io.kbench.coordinator;


import io.kbench.features.RunFailedException;
/**
 * Ends a run early but cleanly, from another thread: a stop (Ctrl-C: the run is marked
 * interrupted) or a failure (a worker stopped answering: the run is marked failed).
 */
public final class StopSignal {

    private volatile String stopReason;
    private volatile String failure;

    /** Asks the run to stop; it is marked interrupted. */
    public void request(String why) {
        if (stopReason == null) {
            stopReason = why;
        }
    }

    /** Ends the run as failed. */
    public void fail(String why) {
        if (failure == null) {
            failure = why;
        }
    }

    public boolean requested() {
        return stopReason != null;
    }

    /** Throws if the run must end: {@link RunFailedException} on failure, {@link RunStoppedException} on request. */
    public void check() {
        String failed = failure;
        if (failed != null) {
            throw new RunFailedException(failed);
        }
        String why = stopReason;
        if (why != null) {
            throw new RunStoppedException(why);
        }
    }
}
