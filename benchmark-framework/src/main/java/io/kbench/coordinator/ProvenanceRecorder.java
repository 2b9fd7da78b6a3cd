package io.kbench.coordinator;

import io.kbench.driver.ClusterDescription;
import io.kbench.provenance.ClientMachine;
import io.kbench.provenance.ClusterFacts;
import io.kbench.provenance.Fingerprint;
import io.kbench.provenance.Provenance;
import io.kbench.util.Errors;
import io.kbench.worker.WorkerFindings;
import io.kbench.worker.WorkerGroup;
import io.kbench.workload.Workload;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The run's provenance: asks the workers' driver to describe the cluster once the run's topics exist (read-only),
 * and builds the result's {@code provenance} section from that, the workers' machines and the hashes. Nothing here
 * fails a run: what cannot be told is named as not available.
 */
final class ProvenanceRecorder {

    private final CoordinatorInput spec;
    private final Consumer<String> console;
    private ClusterDescription description;
    private String whyNoDescription = "the run ended before its topics existed";

    ProvenanceRecorder(CoordinatorInput spec, Consumer<String> console) {
        this.spec = spec;
        this.console = console;
    }

    /** Asks one worker's driver to describe the cluster and {@code topics}; prints what it found in one line. */
    void describe(WorkerGroup workers, List<String> topics) {
        try {
            Optional<ClusterDescription> d = workers.describeCluster(topics);
            description = d.orElse(null);
            whyNoDescription = d.isPresent() ? null : "driver " + spec.driverName() + " does not describe its cluster";
        } catch (RuntimeException e) {
            whyNoDescription = "could not be described: " + Errors.describeForUser(e);
        }
        console.accept(line());
    }

    /** "Cluster described: 3 broker(s), Kafka 4.3 (...); not available: brokerConfigs (refused: ...)". */
    private String line() {
        if (description == null) {
            return "Cluster not described: " + whyNoDescription;
        }
        ClusterFacts facts = ClusterFacts.of(description);
        int nonDefault = facts.brokerConfigs().stream().mapToInt(b -> b.differsFromDefault().size()).max().orElse(0);
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "Cluster described: %d broker(s)", facts.brokerCount()));
        if (!facts.versions().isEmpty()) {
            b.append(", ").append(String.join(" / ", facts.versions()));
        }
        if (!facts.brokerConfigs().isEmpty()) {
            b.append(String.format(Locale.ROOT, ", %d broker config(s) not at their defaults", nonDefault));
        }
        if (!description.notAvailable().isEmpty()) {
            b.append("; not available: ");
            description.notAvailable().forEach((what, why) -> b.append(what).append(" (").append(why).append("); "));
            b.setLength(b.length() - 2);
        }
        return b.toString();
    }

    /**
     * The section, once the workers reported (or could not).
     *
     * @param workload the workload as run
     * @param findings what the workers reported at the end; empty when the run ended before
     * @param workersLost some workers stopped answering before they reported
     */
    Provenance section(Workload workload, List<WorkerFindings> findings, boolean workersLost) {
        List<ClientMachine> clients = findings.stream().map(WorkerFindings::machine).filter(Objects::nonNull).toList();
        String missing = workersLost ? "the machines of the workers that stopped answering"
                : clients.isEmpty() ? "the run ended before the workers reported their machines" : null;
        return Provenance.of(Fingerprint.workload(workload), Fingerprint.driver(spec.driverConfigForResult()), description,
                whyNoDescription, clients, missing);
    }
}
