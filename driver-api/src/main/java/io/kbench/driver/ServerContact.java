package io.kbench.driver;

/**
 * The server that most recently answered one of a driver's clients: what a run that lost its
 * cluster reports as the last sign of life.
 *
 * @param address host:port of the server
 * @param epochMillis when it last answered, ms since the Unix epoch
 */
public record ServerContact(String address, long epochMillis) {}
