package io.kbench.features.search;

import io.kbench.features.cku.CkuVerdict;

/** A deliberate violation for {@code io.kbench.build.ArchitectureRulesTest}: one feature uses another. */
final class ArchFixtureSearchUsesCku {

    CkuVerdict verdict;

    private ArchFixtureSearchUsesCku() {}
}
