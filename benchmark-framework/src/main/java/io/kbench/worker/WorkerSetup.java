package io.kbench.worker;

/**
 * Starts a run on a worker.
 *
 * @param runId the run; every later call names it
 * @param driver the driver file to load, as text
 * @param coordinator who started the run (host and process), shown to anyone who finds the worker busy
 * @param leaseMillis the worker stops the run by itself when not renewed for this long; 0 for no lease
 * @param clockOffsetMicros added to the worker's wall clock to express it in the coordinator's time base
 */
public record WorkerSetup(String runId, DriverFile driver, String coordinator, long leaseMillis, long clockOffsetMicros) {

    public WorkerSetup withClockOffsetMicros(long offset) {
        return new WorkerSetup(runId, driver, coordinator, leaseMillis, offset);
    }
}
