package io.kbench.remote;

/**
 * What a worker says about itself before a run.
 *
 * @param protocolVersion the protocol it speaks ({@link Protocol#VERSION})
 * @param kbenchVersion its tool version
 * @param workerId its name
 * @param availableProcessors cores its JVM can use
 * @param busyWithRun the run holding it, or null when idle
 * @param busyFor who started that run (host and process), or null
 */
public record WorkerInfo(int protocolVersion, String kbenchVersion, String workerId, int availableProcessors,
                         String busyWithRun, String busyFor) {}
