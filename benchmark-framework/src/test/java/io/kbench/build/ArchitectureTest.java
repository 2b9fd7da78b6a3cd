package io.kbench.build;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package rules hold for the main code of the framework, driver-api and the drivers on this
 * module's class path (the in-memory driver). Each driver module checks its own side through
 * driver-testkit's conformance suite; the Maven enforcer checks the modules' dependencies.
 */
class ArchitectureTest {

    private static JavaClasses mainClasses;

    @BeforeAll
    static void importMainClasses() {
        mainClasses = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.kbench");
    }

    @Test
    void noPackageCycles() {
        ArchitectureRules.noCycles().check(mainClasses);
    }

    @Test
    void layersInOrder() {
        ArchitectureRules.layersInOrder().check(mainClasses);
    }

    @Test
    void featuresDoNotUseEachOther() {
        ArchitectureRules.featuresApart().check(mainClasses);
    }

    @Test
    void frameworkUsesNoDriverPackage() {
        ArchitectureRules.frameworkUsesNoDriver(mainClasses).check(mainClasses);
    }

    @Test
    void driversUseDriverApiOnly() {
        ArchitectureRules.driversUseDriverApiOnly(mainClasses).check(mainClasses);
    }
}
