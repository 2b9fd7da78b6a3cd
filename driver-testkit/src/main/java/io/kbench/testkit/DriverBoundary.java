package io.kbench.testkit;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchRule;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A driver uses no package of kbench but driver-api and its own: it can be built and tested without
 * the framework, and the framework can change without breaking it.
 */
public final class DriverBoundary {

    private DriverBoundary() {}

    /**
     * The rule for a driver whose own packages are given (as ArchUnit identifiers, e.g.
     * {@code "io.kbench.inmemory.."}): its classes there depend on no other {@code io.kbench} class
     * than driver-api's.
     */
    public static ArchRule rule(List<String> ownPackages) {
        String[] allowed = new String[ownPackages.size() + 1];
        allowed[0] = "io.kbench.driver..";
        for (int i = 0; i < ownPackages.size(); i++) {
            allowed[i + 1] = ownPackages.get(i);
        }
        return noClasses().that().resideInAnyPackage(ownPackages.toArray(String[]::new)).should()
                .dependOnClassesThat(resideInAPackage("io.kbench..").and(resideOutsideOfPackages(allowed)))
                .because("a driver depends on driver-api only (see driver-api's package documentation)")
                .allowEmptyShould(true);
    }

    /**
     * The driver's main classes: everything in the jar or directory its class was loaded from; nothing
     * for a class compiled with tests (a test's own broken drivers), whose neighbours are tests.
     */
    public static JavaClasses classesBesides(Class<?> driverClass) {
        try {
            Location where = Location.of(driverClass.getProtectionDomain().getCodeSource().getLocation().toURI());
            return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importLocations(Set.of(where));
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the classes of " + driverClass.getName(), e);
        }
    }

    /** Checks the driver's own module: every package in the place its class was loaded from. */
    public static void check(Class<?> driverClass) {
        JavaClasses classes = classesBesides(driverClass);
        Set<String> own = new TreeSet<>();
        for (JavaClass c : classes) {
            own.add(c.getPackageName());
        }
        rule(own.stream().toList()).check(classes);
    }
}
