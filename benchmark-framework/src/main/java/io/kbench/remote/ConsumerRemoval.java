package io.kbench.remote;

/** The body of a call that closes consumers during a run (a consumer event): which, how many, and how. */
public record ConsumerRemoval(String subscription, int count, boolean crash) {}
