package io.kbench.worker;

/** A worker was asked to start a run while another run holds it. */
public class WorkerBusyException extends WorkerException {

    private final String holderRunId;

    public WorkerBusyException(String workerId, String holderRunId) {
        super("worker " + workerId + " is busy with run " + holderRunId
                + "; wait for it to finish, or stop it, before starting another");
        this.holderRunId = holderRunId;
    }

    public String holderRunId() {
        return holderRunId;
    }
}
