package io.kbench.build;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The framework's layers, bottom first: a class may use its own layer and the layers below it,
 * never one above. This list is the one place the order is written; {@link ArchitectureTest} checks
 * the code against it. Packages of one layer are peers: the feature layer's packages may not use
 * each other either (each feature depends on the model, not on another feature).
 */
final class Layers {

    /**
     * @param name the layer's name in rule messages
     * @param why one line: what the layer is and why it sits where it does
     * @param packages its packages, as ArchUnit package identifiers
     * @param plugIns no layer may use it: its packages are found at run time (the features, through ServiceLoader)
     */
    record Layer(String name, String why, List<String> packages, boolean plugIns) {

        Layer(String name, String why, List<String> packages) {
            this(name, why, packages, false);
        }
    }

    /**
     * The feature packages: peers that share the model and never import one another. Read from the registration
     * file, so that every registered feature is checked and a new one needs no line here.
     */
    static final List<String> FEATURES = registeredFeaturePackages();

    private static List<String> registeredFeaturePackages() {
        String file = "/META-INF/services/io.kbench.features.Feature";
        try (InputStream in = Layers.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException(file + " is not on the test class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .map(c -> c.substring(0, c.lastIndexOf('.')) + "..").distinct().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static final List<Layer> BOTTOM_UP = List.of(
            new Layer("driver-api", "the SPI a driver implements; a separate jar that knows nothing of the framework",
                    List.of("io.kbench.driver..")),
            new Layer("base", "clocks, error text and the words for client warnings: used everywhere, use nothing",
                    List.of("io.kbench.time..", "io.kbench.util..", "io.kbench.warning..")),
            new Layer("secret", "masking secrets in whatever the process writes; needs only the SPI's secret names",
                    List.of("io.kbench.secret..")),
            new Layer("config", "reading YAML files with errors that name the file, line and field",
                    List.of("io.kbench.config..")),
            new Layer("logging", "the process's log output and its warning counts; below everything that logs",
                    List.of("io.kbench.logging..")),
            new Layer("stats", "recording latencies and counts on the hot path: histograms, counters, no policy",
                    List.of("io.kbench.stats..")),
            new Layer("model", "what a run measured and concluded (units, measurements, diagnoses, status); no feature",
                    List.of("io.kbench.model..")),
            new Layer("workload", "the workload file, read and validated; what every feature is configured from",
                    List.of("io.kbench.workload..")),
            new Layer("provenance", "what every run records of what it was measured on: the cluster, the client machines, hashes",
                    List.of("io.kbench.provenance..")),
            new Layer("page", "a report page's parts as data (sections, tables, charts), so features can describe theirs",
                    List.of("io.kbench.page..")),
            new Layer("plan", "the concrete things a run makes on workers: consumers, producers and the load",
                    List.of("io.kbench.plan..")),
            new Layer("feature-api", "the plug-in API every feature implements and the engine calls: Feature and its hooks",
                    List.of("io.kbench.features")),
            new Layer("features", "one package per feature, each on the plug-in API, the model and the workload, never on "
                    + "another; no other layer imports them: the engine finds them through ServiceLoader", FEATURES, true),
            new Layer("worker", "running producers and consumers through a driver, in this JVM",
                    List.of("io.kbench.worker..")),
            new Layer("result", "the result document of a run, gathering the model and the features' figures",
                    List.of("io.kbench.result..")),
            new Layer("orchestration", "running a workload on workers (local or over HTTP) and sweeps of them",
                    List.of("io.kbench.coordinator..", "io.kbench.remote..", "io.kbench.sweep..")),
            new Layer("report", "HTML reports and comparisons, read from result files",
                    List.of("io.kbench.report..")),
            new Layer("agent", "the worker process: an HTTP server around the worker layer",
                    List.of("io.kbench.agent..")),
            new Layer("cli", "the commands users type; wires everything together",
                    List.of("io.kbench.cli..")),
            new Layer("bench", "benchmarks of the engine's own costs that print figures (bin/bench-merge); nothing uses them",
                    List.of("io.kbench.bench..")));

    private Layers() {}
}
