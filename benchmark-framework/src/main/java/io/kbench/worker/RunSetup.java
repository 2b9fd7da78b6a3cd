package io.kbench.worker;

/** Starts a run on a worker: which run it is and the driver to load. */
public record RunSetup(String runId, DriverFile driver) {}
