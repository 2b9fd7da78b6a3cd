/**
 * Running producers and consumers through a driver: the {@link io.kbench.worker.Worker}
 * interface that the coordinator talks to, in-process ({@link io.kbench.worker.LocalWorker}) or as an
 * ensemble of many.
 *
 * <p>Glossary: a <em>worker</em> is one process running clients; {@link io.kbench.worker.WorkerRole} is
 * what it may run (producers, consumers or both), not a cloud permission; {@link io.kbench.worker.WorkerSetup}
 * starts a run on a worker.
 */
package io.kbench.worker;
