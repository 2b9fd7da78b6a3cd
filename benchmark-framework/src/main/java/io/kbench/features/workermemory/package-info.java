/**
 * The workers' memory at the end of a run's load: peak and current resident set, and the live heap
 * after a full collection ({@link io.kbench.features.workermemory.WorkerMemories}, a section of the result).
 */
package io.kbench.features.workermemory;
