/**
 * The process's log output: where the client libraries' log events go (a run's log file, the
 * console with --verbose), and the count of their warnings by kind ({@link io.kbench.logging.ClientWarnings}).
 */
package io.kbench.logging;
