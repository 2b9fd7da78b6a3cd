/**
 * The run spec: a validated workload file normalised, once, into small immutable records with every default filled in
 * (topology, traffic, rate, length, load, subscriptions, events and the features' settings). The file's bound form,
 * {@link io.kbench.workload.Workload}, keeps OMB's names and nulls; the engine reads this.
 */
package io.kbench.workload.spec;
