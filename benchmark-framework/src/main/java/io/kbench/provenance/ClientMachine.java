package io.kbench.provenance;

import io.kbench.stats.HostCpuUse;

/**
 * One worker's machine: what it is, what it ran, and how busy the whole host was during the measurement.
 *
 * @param workerId the worker
 * @param host the host's name: {@code KBENCH_HOST_NAME} when set (e.g. a Kubernetes node's name), else the
 *     machine's host name
 * @param hostId what tells hosts apart when names do not (containers on one node have names of their own): the
 *     kernel's boot id, or the host name where there is none
 * @param cpus the host's CPUs (all of them, as its kernel counts them)
 * @param jvmCpus the CPUs the worker's JVM may use (a container's limit)
 * @param cpuModel the CPU's model name, or null when not available
 * @param memoryBytes the memory the JVM sees: a container's limit where it has one, else the host's; null when not available
 * @param os operating system, version and architecture
 * @param jvm the Java runtime: vendor, name and version
 * @param kbenchVersion the kbench version the worker runs
 * @param kbenchCommit the commit of the checkout the worker runs from, or null when not available
 * @param hostCpu how busy the whole host was, by all processes, from the start of the measurement to the end of
 *     the run's load; null when not available (no {@code /proc/stat}, or the run ended before measuring)
 */
public record ClientMachine(
        String workerId,
        String host,
        String hostId,
        int cpus,
        int jvmCpus,
        String cpuModel,
        Long memoryBytes,
        String os,
        String jvm,
        String kbenchVersion,
        String kbenchCommit,
        HostCpuUse hostCpu) {}
