/**
 * The faults feature: a workload's broker kills, pauses, restarts and network faults applied on a
 * timeline during the measurement ({@link io.kbench.faults.FaultRunner}), and what became of each
 * ({@link io.kbench.faults.FaultEvent}). Applying one is the cluster owner's job ({@link io.kbench.faults.FaultApplier}).
 */
package io.kbench.faults;
