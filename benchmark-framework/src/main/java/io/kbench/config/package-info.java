/**
 * Reading YAML files (workloads, driver files, sweeps) with errors that name the file, line and
 * field, and ${...} placeholders resolved from the environment or files.
 */
package io.kbench.config;
