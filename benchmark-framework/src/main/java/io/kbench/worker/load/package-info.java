/**
 * The open-loop load on a worker: the send schedule, the producer loop and the in-flight gate,
 * with the specs that describe the load ({@link io.kbench.plan.LoadSpec}).
 */
package io.kbench.worker.load;
