package io.kbench.inmemory;

import io.kbench.worker.Worker;

/** A deliberate violation for {@code io.kbench.build.ArchitectureRulesTest}: a driver uses the framework. */
final class ArchFixtureDriverUsesWorker {

    Worker worker;

    private ArchFixtureDriverUsesWorker() {}
}
