/**
 * Running one workload on workers: create topics, consumers and producers, warm up, measure,
 * drain and collect, printing progress as it goes.
 *
 * <p>Glossary: {@link io.kbench.coordinator.CoordinatorInput} is a validated run as the coordinator takes it;
 * {@link io.kbench.coordinator.CoordinatorOptions} how it runs (intervals, timeouts), independent of the
 * workload; {@link io.kbench.coordinator.TopicLayout} the topics, groups and clients a workload asks for;
 * the journal ({@code CoordinatorJournal}) what the coordinator learns as the run goes.
 */
package io.kbench.coordinator;
