package io.kbench.workload;

import java.time.Duration;

/**
 * Something a workload makes happen at a time during the measurement, such as a fault. A run's
 * plan puts them on one timeline; new kinds of event implement this.
 */
public interface TimelineEvent {

    /** When, from the start of the measurement. */
    Duration after();

    /** "broker-kill of broker 1 at 20s", for messages. */
    String describe();
}
