package io.kbench.remote;

/** A worker's wall clock, in microseconds since the Unix epoch, when it answered. */
public record ClockReading(long epochMicros) {}
