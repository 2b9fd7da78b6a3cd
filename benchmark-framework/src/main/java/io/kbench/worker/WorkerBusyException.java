package io.kbench.worker;

/** A worker was asked to start a run while another run holds it. */
public class WorkerBusyException extends WorkerException {

    public WorkerBusyException(String workerId, String holder) {
        super("worker " + workerId + " is busy with " + holder
                + "; wait for that run to finish (or its lease to expire) before starting another");
    }
}
