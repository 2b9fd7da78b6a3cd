package io.kbench.kafka.local;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The command line of a node JVM ({@link LocalNodeMain}). */
final class NodeJvm {

    /**
     * Extra options for every node JVM, separated by spaces: the test suites use it to start short-lived brokers
     * with less JIT work. Unset for users' runs, whose brokers get the JVM's defaults.
     */
    static final String EXTRA_OPTIONS_ENV = "KBENCH_NODE_JVM_OPTIONS";
    /** The same, for this JVM only, before the variable: a test whose brokers must be at full speed sets it empty. */
    static final String EXTRA_OPTIONS_PROPERTY = "kbench.nodeJvmOptions";

    private NodeJvm() {
    }

    /** With the release's default feature levels. */
    static List<String> command(NodeLayout node, int heapMb, Path clusterDir, String clusterId, Path securityFile) {
        return command(node, heapMb, clusterDir, clusterId, securityFile, List.of());
    }

    /**
     * @param heapMb       maximum heap of this node's JVM
     * @param securityFile the secured listener's settings ({@link LocalClusterSecrets#settingsFile()}), or null
     * @param features     feature levels to format the storage with, {@code name=level}
     */
    static List<String> command(NodeLayout node, int heapMb, Path clusterDir, String clusterId, Path securityFile,
                                List<String> features) {
        return command(node, heapMb, clusterDir, clusterId, securityFile, features, Duration.ZERO);
    }

    /** @param proxyDelay the delay the node's fault proxy gives every byte each way for the whole run (zero: none) */
    static List<String> command(NodeLayout node, int heapMb, Path clusterDir, String clusterId, Path securityFile,
                                List<String> features, Duration proxyDelay) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + heapMb + "m");
        cmd.add("-Xms64m");
        cmd.add("-XX:+UseG1GC");
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        cmd.add("-Djava.awt.headless=true");
        cmd.addAll(extraOptions(System.getProperty(EXTRA_OPTIONS_PROPERTY, System.getenv(EXTRA_OPTIONS_ENV))));
        cmd.addAll(NodeLogging.jvmOptions(clusterDir, node.nodeId()));
        String classpath = NodeClasspath.forNodes();
        cmd.addAll(ClassDataArchive.options(classpath));
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(LocalNodeMain.class.getName());
        cmd.add("--config");
        cmd.add(node.configFile().toString());
        cmd.add("--cluster-id");
        cmd.add(clusterId);
        cmd.add("--cluster-dir");
        cmd.add(clusterDir.toAbsolutePath().toString());
        if (securityFile != null) {
            // A file name only: the secrets stay in owner-only files, off the process list.
            cmd.add("--security");
            cmd.add(securityFile.toString());
        }
        for (String feature : features) {
            cmd.add("--feature");
            cmd.add(feature);
        }
        if (node.hasProxy()) {
            cmd.add("--proxy");
            cmd.add(node.proxyPort() + ":" + node.clientListenerPort());
            if (!proxyDelay.isZero()) {
                cmd.add("--proxy-delay-micros");
                cmd.add(Long.toString(proxyDelay.toNanos() / 1_000));
            }
        }
        return cmd;
    }

    /** The options in {@code value} (blank or null: none). */
    static List<String> extraOptions(String value) {
        return value == null || value.isBlank() ? List.of() : List.of(value.trim().split("\\s+"));
    }
}
