package io.kbench.coordinator;

/** Set from another thread (e.g. the Ctrl-C handler) to end a run early but cleanly. */
public final class StopSignal {

    private volatile String reason;

    public void request(String why) {
        if (reason == null) {
            reason = why;
        }
    }

    public boolean requested() {
        return reason != null;
    }

    /** Throws {@link RunStoppedException} if a stop was requested. */
    public void check() {
        String why = reason;
        if (why != null) {
            throw new RunStoppedException(why);
        }
    }
}
