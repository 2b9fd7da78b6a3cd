package io.kbench.report;

import io.kbench.features.search.SearchReport;

/** A deliberate violation for {@code io.kbench.build.ArchitectureRulesTest}: the engine imports a feature. */
final class ArchFixtureReportUsesSearch {

    SearchReport search;

    private ArchFixtureReportUsesSearch() {}
}
