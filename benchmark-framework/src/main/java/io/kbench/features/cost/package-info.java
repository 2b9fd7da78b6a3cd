/**
 * bin/benchmark cost: what a measured run's cluster, clients, storage and cross-zone traffic cost per hour, and per
 * sustained MB/s-month and TB ingested, with the prices of a dated, sourced price file. A price the file lacks is
 * "not priced", never $0. Sizes count in powers of 1,024 ({@link io.kbench.model.Units}): a GB is 1,024 MB.
 */
package io.kbench.features.cost;
