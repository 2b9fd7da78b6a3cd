/**
 * Provenance: what a result was measured on, so that runs can be compared knowingly and found again. The
 * result's {@code provenance} section ({@link io.kbench.provenance.Provenance}) holds the cluster as it described
 * itself at the start of the run ({@link io.kbench.provenance.ClusterFacts}, from the driver's
 * {@code describeCluster}), each worker's machine and how busy its whole host was during the measurement
 * ({@link io.kbench.provenance.ClientMachine}, from {@link io.kbench.provenance.MachineProbe}), and hashes of the
 * normalised workload and of the driver file ({@link io.kbench.provenance.Fingerprint}), so that runs of the same
 * test are found without reading them. {@link io.kbench.provenance.ProvenanceFacts} flattens it for the reports'
 * "what differs" tables.
 *
 * <p>Glossary: a <em>host</em> is one machine (or VM, or Kubernetes node) as its kernel sees it: workers in
 * containers on one node share it. <em>Not available</em> names a part the cluster or the host would not tell,
 * with the reason; it is never a failure of the run.
 */
package io.kbench.provenance;
