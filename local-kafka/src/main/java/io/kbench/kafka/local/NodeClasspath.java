package io.kbench.kafka.local;

import io.kbench.driver.SecretNames;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The class path of a node JVM: this module's classes and its runtime dependencies, nothing else
 * of the parent's (the benchmark framework, the drivers, the AWS SDK...). The build writes the
 * dependencies' jar names to {@link #RESOURCE}; they are taken from the parent's class path, which
 * holds them whether it comes from bin/benchmark (target/lib) or from a test (the Maven repository).
 */
final class NodeClasspath {

    static final String RESOURCE = "node-classpath.txt";

    private NodeClasspath() {
    }

    /** The node JVMs' class path, joined with the platform's separator. */
    static String forNodes() {
        List<String> parent = Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));
        List<String> classpath = select(locationOf(NodeClasspath.class), neededJars(), parent);
        // The nodes mask secrets with driver-api's rule (SecretNames): driver-api is provided, not in the list.
        classpath.add(1, locationOf(SecretNames.class));
        return String.join(File.pathSeparator, classpath);
    }

    /**
     * This module's location first, then for each needed jar name the first parent entry with that
     * file name. Pure, for tests.
     *
     * @throws IllegalStateException naming the jars the parent's class path lacks: a node would fail
     *                               later with a less clear NoClassDefFoundError
     */
    static List<String> select(String ownLocation, Set<String> neededJars, List<String> parentEntries) {
        Map<String, String> found = new LinkedHashMap<>();
        for (String entry : parentEntries) {
            String name = fileName(entry);
            if (neededJars.contains(name)) {
                found.putIfAbsent(name, entry);
            }
        }
        Set<String> missing = new TreeSet<>(neededJars);
        missing.removeAll(found.keySet());
        if (!missing.isEmpty()) {
            throw new IllegalStateException("the local Kafka cluster's nodes need " + missing
                    + ", which this JVM's class path lacks; rebuild with mvn package");
        }
        List<String> classpath = new ArrayList<>();
        classpath.add(ownLocation);
        classpath.addAll(found.values());
        return classpath;
    }

    /** The jar names in the list the build wrote, however it separated and prefixed them. */
    static Set<String> parseNeeded(String text) {
        Set<String> names = new TreeSet<>();
        for (String entry : text.split("[:;\\s]+")) {
            if (!entry.isBlank()) {
                names.add(fileName(entry));
            }
        }
        return names;
    }

    private static Set<String> neededJars() {
        try (InputStream in = NodeClasspath.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing next to " + NodeClasspath.class.getName()
                        + ": local-kafka was not built with Maven");
            }
            return parseNeeded(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The jar, or the classes directory, a class was loaded from. */
    private static String locationOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String fileName(String entry) {
        int slash = Math.max(entry.lastIndexOf('/'), entry.lastIndexOf('\\'));
        return entry.substring(slash + 1);
    }
}
