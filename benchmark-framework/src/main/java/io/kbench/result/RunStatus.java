package io.kbench.result;

/** How a run ended. Anything but COMPLETED means the figures cover only part of the run. */
public enum RunStatus {
    COMPLETED,
    FAILED,
    INTERRUPTED
}
