package io.kbench.workload;

/** One thing wrong with an input file: the field at fault and what to do about it. */
public record Problem(String field, String message) {}
