/**
 * Operations under load: what a rolling restart, a reassignment, a scale-out or a config change does to the producers
 * and consumers, on any cluster that grants it. The workload's {@code operations:} run on a timeline during the
 * measurement ({@link io.kbench.features.operations.OperationRunner}); each change is journaled with how to put it back
 * before it is made ({@link io.kbench.features.operations.ChangeLog}) and put back when the run ends; the partitions'
 * health is polled through the admin interface ({@link io.kbench.features.operations.HealthPoller}); and each
 * operation's impact is read from the run's own periods, during it against as long just before it
 * ({@link io.kbench.features.operations.ImpactWindows}).
 */
package io.kbench.features.operations;
