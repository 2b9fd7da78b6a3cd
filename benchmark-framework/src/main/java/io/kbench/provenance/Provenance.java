package io.kbench.provenance;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.kbench.driver.ClusterDescription;
import io.kbench.model.HostLoad;
import io.kbench.model.ResultSection;
import io.kbench.stats.HostCpuUse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a run was measured on: the result's {@code provenance} section. Written by every run; a part that could not
 * be told is named in {@link #notAvailable()} with the reason, never a failure of the run.
 *
 * @param workloadHash the normalised workload's hash ({@link Fingerprint#workload}): runs of the same test share it
 * @param driverHash the driver file's hash ({@link Fingerprint#driver})
 * @param cluster the cluster as it described itself at the start of the run, or null when not available
 * @param clients each worker's machine, and how busy its host was during the measurement
 * @param notAvailable what could not be told, e.g. {@code brokerConfigs}, to why
 */
public record Provenance(
        String workloadHash,
        String driverHash,
        ClusterFacts cluster,
        List<ClientMachine> clients,
        Map<String, String> notAvailable) implements ResultSection {

    public Provenance {
        clients = clients == null ? List.of() : List.copyOf(clients);
        notAvailable = notAvailable == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(notAvailable));
    }

    /**
     * @param description what the driver said about its cluster, or null
     * @param whyNoDescription why there is none (the driver cannot describe its cluster, or the call failed), or null
     * @param clients the workers' machines (empty when the run ended before the workers reported them)
     * @param missingClients why the machines of some workers are missing, or null
     */
    public static Provenance of(String workloadHash, String driverHash, ClusterDescription description, String whyNoDescription,
                                List<ClientMachine> clients, String missingClients) {
        Map<String, String> notAvailable = new LinkedHashMap<>();
        if (description == null) {
            notAvailable.put("cluster", whyNoDescription == null ? "not described" : whyNoDescription);
        } else {
            notAvailable.putAll(description.notAvailable());
        }
        if (missingClients != null) {
            notAvailable.put("clients", missingClients);
        }
        List<String> noHostCpu = clients.stream().filter(c -> c.hostCpu() == null).map(ClientMachine::workerId).toList();
        if (!noHostCpu.isEmpty()) {
            notAvailable.put("hostCpu", "not measured on " + String.join(", ", noHostCpu)
                    + " (no /proc/stat on its host, or the run ended before the measurement)");
        }
        return new Provenance(workloadHash, driverHash, description == null ? null : ClusterFacts.of(description), clients,
                notAvailable);
    }

    /** The workers' hosts and how busy each was, for the diagnosis: workers on one host (by its id) together. */
    @JsonIgnore
    public List<HostLoad> hostLoads() {
        Map<String, List<ClientMachine>> byHost = new LinkedHashMap<>();
        for (ClientMachine c : clients) {
            if (c.hostCpu() != null) {
                byHost.computeIfAbsent(c.hostId(), k -> new ArrayList<>()).add(c);
            }
        }
        List<HostLoad> loads = new ArrayList<>();
        byHost.forEach((id, machines) -> {
            double busy = machines.stream().map(ClientMachine::hostCpu).mapToDouble(HostCpuUse::busyShare).average().orElse(0);
            double steal = machines.stream().map(ClientMachine::hostCpu).mapToDouble(HostCpuUse::stealShare).average().orElse(0);
            List<String> names = machines.stream().map(ClientMachine::host).distinct().toList();
            loads.add(new HostLoad(String.join(" / ", names), machines.stream().map(ClientMachine::workerId).toList(),
                    machines.get(0).hostCpu().cpus(), busy, steal));
        });
        return loads;
    }
}
