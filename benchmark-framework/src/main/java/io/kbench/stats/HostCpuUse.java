package io.kbench.stats;

/**
 * How busy a worker's host was over a span of the run, by all its processes: the measurement's, from its start
 * until the workers reported their findings (after the drain).
 *
 * @param busyShare the share of the host's CPU time that was not idle, over all its CPUs, steal included (0 to 1)
 * @param stealShare the share the hypervisor gave to other machines (steal time, 0 to 1): CPU the host was owed and
 *     did not get
 * @param cpus the host's CPUs (all of them, not only those the worker's JVM may use)
 * @param millis the span's length, in ms
 */
public record HostCpuUse(double busyShare, double stealShare, int cpus, long millis) {}
