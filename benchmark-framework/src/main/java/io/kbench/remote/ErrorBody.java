package io.kbench.remote;

/** The JSON body of every error a worker returns: a message written for the user. */
public record ErrorBody(String error) {}
