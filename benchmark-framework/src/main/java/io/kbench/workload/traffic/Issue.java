package io.kbench.workload.traffic;

/**
 * One mistake in a traffic section of a workload file (keys, sizes, partition weights, headers, payloads).
 *
 * @param field the field at fault inside its section, e.g. {@code exponent} (empty for the section itself)
 * @param message what is wrong and what is allowed, naming the field as the user wrote it
 */
public record Issue(String field, String message) {}
