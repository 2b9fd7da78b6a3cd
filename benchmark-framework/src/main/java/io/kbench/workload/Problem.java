package io.kbench.workload;

import java.util.List;

/**
 * One thing wrong with an input file: the field at fault and what to do about it.
 *
 * @param field the top-level field, e.g. "faults"
 * @param message what is wrong and what is allowed
 * @param path where exactly, for the line number: field names and list indexes, e.g. [faults, 1, type]
 */
public record Problem(String field, String message, List<Object> path) {

    public Problem(String field, String message) {
        this(field, message, List.of(field));
    }
}
