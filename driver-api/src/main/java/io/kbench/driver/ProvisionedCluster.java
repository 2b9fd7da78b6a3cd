package io.kbench.driver;

import java.util.Map;

/**
 * A cluster the driver started for one run (for example a local KRaft cluster). The coordinator
 * closes it after the run, whatever happened; closing removes everything it created.
 *
 * @param <C> the driver's configuration record
 */
public interface ProvisionedCluster<C> extends AutoCloseable {

    /** The configuration every worker's driver is initialized with, pointing at this cluster. */
    C workerConfig();

    /** One line for the console and the result, e.g. "local Kafka 4.3.1, 1 broker at 127.0.0.1:40123". */
    String description();

    /**
     * Applies a fault now, without waiting for its duration to pass (a pause or freeze ends by
     * itself); a restart waits until the broker is back, for a bounded time.
     *
     * @return what was done, in one line, e.g. "killed broker 1 (127.0.0.1:40123)"
     * @throws DriverException when the fault cannot be applied, saying why
     */
    default String applyFault(Fault fault) throws DriverException {
        throw new DriverException("this cluster cannot inject faults (" + fault.type().label() + ")");
    }

    /**
     * The cluster's own figures, read where it runs: counters and means since it started, by name, for the
     * framework to difference over a measurement. Kafka: {@code Produce.TotalTimeMs.count} and
     * {@code .mean} (ms) and the other parts of a request's time. Quick, never blocks for long; empty
     * when unknown (the default).
     */
    default Map<String, Double> serverMetrics() {
        return Map.of();
    }

    @Override
    void close();
}
