package io.kbench.model;

import io.kbench.coordinator.Coordinator;

/**
 * A deliberate violation for {@code io.kbench.build.ArchitectureRulesTest}: the model (a low layer)
 * uses the coordinator, which uses the model, making a cycle. Test code only; never used.
 */
final class ArchFixtureModelUsesCoordinator {

    Coordinator coordinator;

    private ArchFixtureModelUsesCoordinator() {}
}
