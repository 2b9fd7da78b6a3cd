/**
 * The faults feature: a workload's broker kills, pauses, restarts and network faults applied on a
 * timeline during the measurement ({@link io.kbench.features.faults.FaultRunner}), and what became of each
 * ({@link io.kbench.features.faults.FaultEvent}). Applying one is the cluster owner's job ({@link io.kbench.features.FaultApplier}).
 */
package io.kbench.features.faults;
