package io.kbench.build;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import io.kbench.features.cku.CkuVerdict;
import io.kbench.features.search.SearchReport;
import io.kbench.coordinator.Coordinator;
import io.kbench.inmemory.InMemoryDriver;
import io.kbench.model.RunStatus;
import io.kbench.worker.Worker;
import org.junit.jupiter.api.Test;

/**
 * The rules catch what they are meant to catch: each is evaluated against a few classes that include
 * a deliberate violation from the test sources (the {@code ArchFixture*} classes, which the main
 * check does not import), and against the same classes without it.
 */
class ArchitectureRulesTest {

    private static final Class<?> MODEL_USES_COORDINATOR = fixture("io.kbench.model.ArchFixtureModelUsesCoordinator");
    private static final Class<?> SEARCH_USES_CKU = fixture("io.kbench.features.search.ArchFixtureSearchUsesCku");
    private static final Class<?> DRIVER_USES_WORKER = fixture("io.kbench.inmemory.ArchFixtureDriverUsesWorker");
    private static final Class<?> RESULT_USES_DRIVER = fixture("io.kbench.result.ArchFixtureResultUsesDriver");
    private static final Class<?> REPORT_USES_SEARCH = fixture("io.kbench.report.ArchFixtureReportUsesSearch");

    @Test
    void aLowerLayerUsingAHigherOneBreaksTheOrderAndMakesACycle() {
        JavaClasses classes = classes(MODEL_USES_COORDINATOR, Coordinator.class, RunStatus.class);
        assertViolation(ArchitectureRules.layersInOrder(), classes, "ArchFixtureModelUsesCoordinator");
        assertViolation(ArchitectureRules.noCycles(), classes, "io.kbench.model");
        JavaClasses without = classes(Coordinator.class, RunStatus.class);
        assertNoViolation(ArchitectureRules.layersInOrder(), without);
        assertNoViolation(ArchitectureRules.noCycles(), without);
    }

    @Test
    void theEngineImportingAFeatureIsCaught() {
        assertViolation(ArchitectureRules.layersInOrder(), classes(REPORT_USES_SEARCH, SearchReport.class), "ArchFixtureReportUsesSearch");
        assertNoViolation(ArchitectureRules.layersInOrder(), classes(SearchReport.class));
    }

    @Test
    void aFeatureUsingAnotherFeatureIsCaught() {
        assertViolation(ArchitectureRules.featuresApart(), classes(SEARCH_USES_CKU, CkuVerdict.class), "ArchFixtureSearchUsesCku");
        assertNoViolation(ArchitectureRules.featuresApart(), classes(CkuVerdict.class));
    }

    @Test
    void aDriverUsingTheFrameworkIsCaught() {
        JavaClasses classes = classes(DRIVER_USES_WORKER, InMemoryDriver.class, Worker.class);
        assertViolation(ArchitectureRules.driversUseDriverApiOnly(classes), classes, "ArchFixtureDriverUsesWorker");
        JavaClasses without = classes(InMemoryDriver.class, Worker.class);
        assertNoViolation(ArchitectureRules.driversUseDriverApiOnly(without), without);
    }

    @Test
    void theFrameworkImportingADriverIsCaught() {
        JavaClasses classes = classes(RESULT_USES_DRIVER, InMemoryDriver.class);
        assertViolation(ArchitectureRules.frameworkUsesNoDriver(classes), classes, "ArchFixtureResultUsesDriver");
    }

    private static JavaClasses classes(Class<?>... classes) {
        return new ClassFileImporter().importClasses(classes);
    }

    private static void assertViolation(ArchRule rule, JavaClasses classes, String named) {
        EvaluationResult result = rule.evaluate(classes);
        assertTrue(result.hasViolation(), "expected a violation of: " + rule.getDescription());
        String report = result.getFailureReport().toString();
        assertTrue(report.contains(named), "the report should name " + named + ":\n" + report);
    }

    private static void assertNoViolation(ArchRule rule, JavaClasses classes) {
        EvaluationResult result = rule.evaluate(classes);
        assertFalse(result.hasViolation(), result.getFailureReport().toString());
    }

    private static Class<?> fixture(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError("the fixture " + name + " is missing from the test sources", e);
        }
    }
}
