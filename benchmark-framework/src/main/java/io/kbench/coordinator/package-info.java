/**
 * Running one workload on workers: create topics, consumers and producers, warm up, measure,
 * drain and collect, printing progress as it goes.
 *
 * <p>Glossary: {@link io.kbench.coordinator.CoordinatorInput} is a validated run as the coordinator takes it;
 * {@link io.kbench.coordinator.CoordinatorOptions} how it runs (intervals, timeouts), independent of the
 * workload; {@link io.kbench.plan.TopicLayout} the topics, groups and clients a workload asks for;
 * the journal ({@code CoordinatorJournal}) what the coordinator learns as the run goes; the plan
 * ({@code RunPlan}) the phases a run goes through ({@code RunPhase}) and its timeline of events, which
 * {@code PhaseRunner} runs in order.
 */
package io.kbench.coordinator;
