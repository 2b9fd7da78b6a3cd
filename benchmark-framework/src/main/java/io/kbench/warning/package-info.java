/**
 * The words for what client libraries warn about: a warning's kind (one sentence, no class names)
 * and how often it was seen. Used by the stats that travel from workers and by the log setup.
 */
package io.kbench.warning;
