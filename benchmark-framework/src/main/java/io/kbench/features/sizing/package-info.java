/**
 * bin/benchmark size: storage per broker as a worked calculation, and a partition count from a
 * measured run. Sizes count in powers of 1,024 ({@link io.kbench.model.Units}).
 */
package io.kbench.features.sizing;
