/**
 * The traffic a run sends, as users have it: which keys (uniform, Zipf, a hot set; their count and size) or which
 * partitions (weights), which payload sizes (a distribution with bounds, OpenMessaging Benchmark's weighted buckets)
 * or which payloads (a corpus of real ones), and which user headers. Everything is made once per worker and drawn
 * per message from tables with one random number, without allocating ({@link io.kbench.workload.traffic.AliasTable},
 * {@link io.kbench.workload.traffic.SizeTable}).
 *
 * <p>A new key distribution is a class implementing {@link io.kbench.workload.traffic.KeyShape}, listed in
 * {@link io.kbench.workload.traffic.KeyShapes#ALL}; a new size distribution one implementing
 * {@link io.kbench.workload.traffic.SizeShape}, listed in {@link io.kbench.workload.traffic.SizeShapes#ALL} (and, if it
 * takes a parameter no other one takes, a field of {@link io.kbench.workload.traffic.KeySpec} or
 * {@link io.kbench.workload.traffic.SizeSpec}).
 *
 * <p>Uses nothing of the rest of the workload package (which uses it), so that the two form no cycle.
 */
package io.kbench.workload.traffic;
