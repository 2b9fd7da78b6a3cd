package io.kbench.build;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import io.kbench.testkit.DriverBoundary;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The package rules of kbench, as ArchUnit rules; {@link ArchitectureTest} applies them to the main code. */
final class ArchitectureRules {

    /** The SPI's driver interface: a class implementing it marks its package tree as a driver's. */
    static final String DRIVER_INTERFACE = "io.kbench.driver.BenchmarkDriver";
    /** Drivers' packages that are known even when their module is not on the class path. */
    static final List<String> KNOWN_DRIVER_PACKAGES = List.of("io.kbench.kafka..", "io.kbench.inmemory..");

    private ArchitectureRules() {}

    /** No two packages of kbench use each other, directly or through others. */
    static ArchRule noCycles() {
        return slices().matching("io.kbench.(**)").should().beFreeOfCycles()
                .because("a package cycle makes layers meaningless: every package in it changes with the others");
    }

    /** Each layer of {@link Layers} uses only itself and the layers below it. */
    static ArchRule layersInOrder() {
        LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true);
        List<Layers.Layer> order = Layers.BOTTOM_UP;
        for (Layers.Layer layer : order) {
            layers = layers.layer(layer.name()).definedBy(layer.packages().toArray(String[]::new));
        }
        for (int i = 0; i < order.size(); i++) {
            List<String> above = order.subList(i + 1, order.size()).stream().map(Layers.Layer::name).toList();
            layers = above.isEmpty() || order.get(i).plugIns()
                    ? layers.whereLayer(order.get(i).name()).mayNotBeAccessedByAnyLayer()
                    : layers.whereLayer(order.get(i).name()).mayOnlyBeAccessedByLayers(above.toArray(String[]::new));
        }
        return layers.because("lower layers never import higher ones, and no layer imports a feature (the order and reasons are "
                + "in io.kbench.build.Layers)");
    }

    /** The feature packages are peers: none imports another. */
    static ArchRule featuresApart() {
        List<ArchRule> rules = new ArrayList<>();
        for (String feature : Layers.FEATURES) {
            String[] others = Layers.FEATURES.stream().filter(f -> !f.equals(feature)).toArray(String[]::new);
            rules.add(noClasses().that().resideInAPackage(feature).should().dependOnClassesThat().resideInAnyPackage(others)
                    .because("a feature depends on the model, never on another feature").allowEmptyShould(true));
        }
        return CompositeArchRule.of(rules);
    }

    /** The framework reaches drivers through driver-api only: it imports no driver's package. */
    static ArchRule frameworkUsesNoDriver(JavaClasses classes) {
        String[] framework = Layers.BOTTOM_UP.stream().flatMap(l -> l.packages().stream())
                .filter(p -> !p.startsWith("io.kbench.driver")).toArray(String[]::new);
        return noClasses().that().resideInAnyPackage(framework).should().dependOnClassesThat()
                .resideInAnyPackage(driverPackages(classes).toArray(String[]::new))
                .because("the framework reaches drivers through driver-api (ServiceLoader or a driver file's driverClass)");
    }

    /** Each driver on the class path uses no package of kbench but driver-api and its own (driver-testkit's rule). */
    static ArchRule driversUseDriverApiOnly(JavaClasses classes) {
        List<ArchRule> rules = new ArrayList<>();
        for (String driver : driverPackages(classes)) {
            rules.add(DriverBoundary.rule(List.of(driver)));
        }
        return CompositeArchRule.of(rules);
    }

    /** The known drivers' packages plus the package of every class that implements the driver interface. */
    static Set<String> driverPackages(JavaClasses classes) {
        Set<String> packages = new TreeSet<>(KNOWN_DRIVER_PACKAGES);
        for (JavaClass c : classes) {
            if (!c.isInterface() && c.getAllRawInterfaces().stream().anyMatch(i -> i.getName().equals(DRIVER_INTERFACE))) {
                packages.add(c.getPackageName() + "..");
            }
        }
        return packages;
    }
}
