package io.kbench.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The framework's side of the driver boundary (issue 11): its main code reaches drivers through
 * {@code driver-api} only, never by importing a driver's package. The Maven enforcer checks the other
 * side (a driver depends on driver-api only; see the parent pom's driver-boundary profile).
 *
 * <p>Forbidden: {@code io.kbench.kafka...}, {@code io.kbench.inmemory...}, and every package of a module
 * that registers a {@code BenchmarkDriver} (so a new driver-* module is covered without a change here).
 * Checked: imports, static imports and fully qualified names in code. Class names in strings (a
 * driver file's default {@code driverClass}, loaded by reflection) and in comments are allowed.
 */
class FrameworkBoundaryTest {

    private static final List<String> FIXED_DRIVER_PACKAGES = List.of("io.kbench.kafka", "io.kbench.inmemory");
    private static final String DRIVER_SERVICE = "src/main/resources/META-INF/services/io.kbench.driver.BenchmarkDriver";
    private static final Pattern IMPORT = Pattern.compile("^\\s*import\\s+(?:static\\s+)?([\\w.]+(?:\\.\\*)?)\\s*;");
    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

    @Test
    void frameworkMainCodeImportsNoDriverPackage() throws IOException {
        Path module = moduleDir();
        Path mainJava = module.resolve("src/main/java");
        assertTrue(Files.isDirectory(mainJava), "no " + mainJava);
        Set<String> forbidden = driverPackages(module.getParent());
        List<String> violations = new ArrayList<>();
        List<Path> sources;
        try (Stream<Path> files = Files.walk(mainJava)) {
            sources = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path source : sources) {
            violations.addAll(violations(module.relativize(source).toString(),
                    Files.readString(source, StandardCharsets.UTF_8), forbidden));
        }
        if (!violations.isEmpty()) {
            fail("benchmark-framework's main code must reach drivers through driver-api only (issue 11), but:\n  "
                    + String.join("\n  ", violations)
                    + "\nDriver packages: " + forbidden);
        }
    }

    /** The check itself catches what it is meant to catch, and lets strings and comments be. */
    @Test
    void theCheckFindsImportsAndQualifiedNamesButNotStringsOrComments() {
        Set<String> forbidden = new TreeSet<>(FIXED_DRIVER_PACKAGES);
        String source = """
                package io.kbench.cli;

                import io.kbench.config.DriverFile;
                import io.kbench.kafka.KafkaBenchmarkDriver;
                import static io.kbench.inmemory.InMemoryDriver.NAME;
                import io.kbench.kafkaesque.Other;

                /** Defaults to io.kbench.kafka.KafkaBenchmarkDriver. */
                class Example {
                    // io.kbench.kafka.cluster.LocalCluster is started elsewhere
                    String driverClass = "io.kbench.kafka.KafkaBenchmarkDriver";
                    String block = \"""
                            io.kbench.inmemory.InMemoryDriver
                            \""";
                    Object cluster = io.kbench.kafka.cluster.LocalCluster.start();
                }
                """;
        assertEquals(List.of(
                        "Example.java:4: import io.kbench.kafka.KafkaBenchmarkDriver",
                        "Example.java:5: import io.kbench.inmemory.InMemoryDriver.NAME",
                        "Example.java:15: io.kbench.kafka.cluster.LocalCluster"),
                violations("Example.java", source, forbidden));
    }

    static List<String> violations(String file, String source, Set<String> forbidden) {
        List<String> found = new ArrayList<>();
        String[] lines = codeOnly(source).split("\n", -1);
        // A driver package's name, then its subpackages and at most one class name (A.b.C: up to C).
        Pattern qualified = Pattern.compile("(?<![\\w.])((?:" + String.join("|", forbidden.stream().map(Pattern::quote).toList())
                + ")(?![\\w])(?:\\.[a-z_]\\w*)*(?:\\.[A-Z]\\w*)?)");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            Matcher importMatch = IMPORT.matcher(line);
            if (importMatch.find()) {
                if (isForbidden(importMatch.group(1), forbidden)) {
                    found.add(file + ":" + (i + 1) + ": import " + importMatch.group(1));
                }
                continue;
            }
            if (line.trim().startsWith("package ")) {
                continue;
            }
            Matcher m = qualified.matcher(line);
            while (m.find()) {
                found.add(file + ":" + (i + 1) + ": " + m.group(1));
            }
        }
        return found;
    }

    private static boolean isForbidden(String name, Set<String> forbidden) {
        return forbidden.stream().anyMatch(p -> name.equals(p) || name.startsWith(p + "."));
    }

    /** The source with comments and string/char literals blanked out; line breaks are kept. */
    static String codeOnly(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int n = source.length();
        int i = 0;
        while (i < n) {
            char c = source.charAt(i);
            if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
                while (i < n && source.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                blank(source, i, end, out);
                i = end;
            } else if (source.startsWith("\"\"\"", i)) {
                int end = i + 3;
                while (end < n && !source.startsWith("\"\"\"", end)) {
                    end += source.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(n, end + 3);
                blank(source, i, end, out);
                i = end;
            } else if (c == '"' || c == '\'') {
                int end = i + 1;
                while (end < n && source.charAt(end) != c && source.charAt(end) != '\n') {
                    end += source.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(n, end + 1);
                blank(source, i, end, out);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static void blank(String source, int from, int to, StringBuilder out) {
        for (int k = from; k < to; k++) {
            out.append(source.charAt(k) == '\n' ? '\n' : ' ');
        }
    }

    /** Fixed driver packages, plus the packages of every module that registers a BenchmarkDriver. */
    private static Set<String> driverPackages(Path root) throws IOException {
        Set<String> packages = new TreeSet<>(FIXED_DRIVER_PACKAGES);
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> Files.isRegularFile(m.resolve(DRIVER_SERVICE))).toList()) {
                Path java = module.resolve("src/main/java");
                if (!Files.isDirectory(java)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(java)) {
                    for (Path source : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                        Matcher m = PACKAGE.matcher(Files.readString(source, StandardCharsets.UTF_8));
                        if (m.find()) {
                            packages.add(m.group(1));
                        }
                    }
                }
            }
        }
        // A package under one already listed adds nothing.
        packages.removeIf(p -> packages.stream().anyMatch(q -> p.startsWith(q + ".")));
        return packages;
    }

    private static Path moduleDir() {
        String basedir = System.getProperty("basedir");
        Path dir = Path.of(basedir != null ? basedir : System.getProperty("user.dir")).toAbsolutePath();
        assertTrue(Files.isRegularFile(dir.resolve("pom.xml")) && dir.getFileName().toString().equals("benchmark-framework"),
                "not run from benchmark-framework/: " + dir);
        return dir;
    }
}
