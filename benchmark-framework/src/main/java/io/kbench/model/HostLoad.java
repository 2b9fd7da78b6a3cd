package io.kbench.model;

import java.util.List;

/**
 * How busy one host of the run's workers was during the measurement, by all its processes: the evidence that
 * workers sharing a host (pods on one node) left each other no CPU, which no worker's own CPU share shows.
 *
 * @param host the host's name
 * @param workers the workers on it
 * @param cpus its CPUs
 * @param busyShare the share of its CPU time that was not idle, steal included (0 to 1)
 * @param stealShare the share the hypervisor gave to other machines (0 to 1)
 */
public record HostLoad(String host, List<String> workers, int cpus, double busyShare, double stealShare) {

    public HostLoad {
        workers = List.copyOf(workers);
    }
}
