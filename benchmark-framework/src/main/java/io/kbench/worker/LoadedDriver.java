package io.kbench.worker;

import io.kbench.driver.BenchmarkDriver;

/**
 * A driver instance with its bound configuration, not yet initialized.
 *
 * @param name the driver file's {@code name}
 * @param driver the instance
 * @param config the bound configuration record
 * @param file the file it came from
 */
public record LoadedDriver<C>(String name, BenchmarkDriver<C> driver, C config, DriverFile file) {

    public void initialize() {
        driver.initialize(config);
    }
}
