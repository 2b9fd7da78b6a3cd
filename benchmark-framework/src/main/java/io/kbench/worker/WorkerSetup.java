package io.kbench.worker;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Starts a run on a worker.
 *
 * @param runId the run; every later call names it
 * @param driver the driver file to load, as text
 * @param coordinator who started the run (host and process), shown to anyone who finds the worker busy
 * @param leaseMillis the worker stops the run by itself when not renewed for this long; 0 for no lease
 * @param clockOffsetMicros added to the worker's wall clock to express it in the coordinator's time base
 * @param zone the zone the coordinator places the worker in (a workers file's {@code zones:}), over the worker's own;
 *     null to leave the worker's own (left out of the JSON then, as before zones existed)
 */
public record WorkerSetup(String runId, DriverFile driver, String coordinator, long leaseMillis, long clockOffsetMicros,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String zone) {

    public WorkerSetup(String runId, DriverFile driver, String coordinator, long leaseMillis, long clockOffsetMicros) {
        this(runId, driver, coordinator, leaseMillis, clockOffsetMicros, null);
    }

    public WorkerSetup withClockOffsetMicros(long offset) {
        return new WorkerSetup(runId, driver, coordinator, leaseMillis, offset, zone);
    }

    public WorkerSetup withZone(String zone) {
        return new WorkerSetup(runId, driver, coordinator, leaseMillis, clockOffsetMicros, zone);
    }
}
