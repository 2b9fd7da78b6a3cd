/**
 * The max-rate search: the highest rate a cluster sustains while latency stays within a service
 * level objective. {@link io.kbench.features.search.Slo} parses the objective, {@link io.kbench.features.search.MaxRateSearch}
 * decides the next rate from the steps so far (pure logic), {@link io.kbench.features.search.StepJudge} says
 * whether a step passed; the coordinator runs the steps on the workers.
 */
package io.kbench.features.search;
