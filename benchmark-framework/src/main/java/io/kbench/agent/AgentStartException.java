package io.kbench.agent;

/** The agent could not start (e.g. its port is taken); the message says what to change. */
public class AgentStartException extends RuntimeException {

    public AgentStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
