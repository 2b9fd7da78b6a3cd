package io.kbench.result;

import io.kbench.inmemory.InMemoryDriver;

/** A deliberate violation for {@code io.kbench.build.ArchitectureRulesTest}: the framework imports a driver. */
final class ArchFixtureResultUsesDriver {

    InMemoryDriver driver;

    private ArchFixtureResultUsesDriver() {}
}
