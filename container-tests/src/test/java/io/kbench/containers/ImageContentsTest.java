package io.kbench.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The image the build made, read from its docker-archive tar (no container runtime needed): what
 * its layers hold, and how it runs (user, entry point, results directory). Also prints its sizes.
 */
class ImageContentsTest {

    /** Broker-side jars: none may be in the image. */
    static final Pattern BROKER_JAR = Pattern.compile(
            "(kafka_2\\.13|kafka-server|kafka-metadata|kafka-raft|kafka-storage|kafka-tools|kafka-group-coordinator|"
                    + "kafka-transaction-coordinator|kafka-share-coordinator|local-kafka|scala-library)[-.].*\\.jar");

    static Path imageTar;
    static JsonNode config;
    /** Layer file name → the paths it holds (mode and size by path in the maps below). */
    static final Map<String, List<String>> layers = new HashMap<>();
    static final Map<String, Integer> modes = new HashMap<>();
    static final Map<String, Long> compressedBytes = new HashMap<>();
    static final Map<String, Long> uncompressedBytes = new HashMap<>();
    static List<String> layerOrder;

    @BeforeAll
    static void read() throws IOException {
        imageTar = Path.of(System.getProperty("kbench.image.dir", "../deploy/image/target")).resolve("kbench-image-test.tar");
        assertTrue(Files.isRegularFile(imageTar), "no image at " + imageTar);
        Map<String, byte[]> entries = Tar.read(Files.newInputStream(imageTar), name -> true);
        JsonNode manifest = new ObjectMapper().readTree(entries.get("manifest.json")).get(0);
        config = new ObjectMapper().readTree(entries.get(manifest.path("Config").asText()));
        layerOrder = new ArrayList<>();
        for (JsonNode l : manifest.path("Layers")) {
            String name = l.asText();
            layerOrder.add(name);
            byte[] gz = entries.get(name);
            compressedBytes.put(name, (long) gz.length);
            List<String> paths = new ArrayList<>();
            long[] size = {0};
            try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(gz))) {
                Tar.list(in, (path, mode, bytes) -> {
                    String p = "/" + path.replaceFirst("^\\./", "").replaceFirst("^/", "");
                    paths.add(p);
                    modes.put(p.endsWith("/") ? p.substring(0, p.length() - 1) : p, mode);
                    size[0] += bytes;
                });
            }
            uncompressedBytes.put(name, size[0]);
            layers.put(name, paths);
        }
    }

    @Test
    void holdsTheFrameworkAndTheDriversButNoBroker() {
        List<String> jars = new ArrayList<>();
        layers.values().forEach(paths -> paths.stream().filter(p -> p.startsWith("/app/libs/")).forEach(jars::add));
        assertTrue(jars.stream().anyMatch(j -> j.contains("/benchmark-framework-")), "framework jar: " + jars);
        assertTrue(jars.stream().anyMatch(j -> j.contains("/driver-kafka-")), "Kafka driver jar: " + jars);
        assertTrue(jars.stream().anyMatch(j -> j.contains("/kafka-clients-")), "Kafka client jar: " + jars);
        List<String> broker = jars.stream().filter(j -> BROKER_JAR.matcher(j.substring(j.lastIndexOf('/') + 1)).matches()).toList();
        assertEquals(List.of(), broker, "broker jars in the image");
        assertTrue(paths().contains("/opt/kbench/driver-kafka/kafka.yaml"), "the driver presets");
        assertTrue(paths().contains("/opt/kbench/workloads/simple.yaml"), "the workloads");
    }

    @Test
    void runsAsANumericNonRootUserWithOneEntryPointAndAWritableResultsDirectory() {
        JsonNode c = config.path("config");
        assertEquals("10001:10001", c.path("User").asText());
        List<String> entrypoint = new ArrayList<>();
        c.path("Entrypoint").forEach(n -> entrypoint.add(n.asText()));
        assertEquals("java", entrypoint.get(0));
        assertTrue(entrypoint.contains("-XX:MaxRAMPercentage=75"), "the heap follows the container's limit: " + entrypoint);
        assertEquals("io.kbench.launcher.KbenchMain", entrypoint.get(entrypoint.size() - 1));
        assertEquals("/opt/kbench", c.path("WorkingDir").asText());
        Integer results = modes.get("/opt/kbench/results");
        assertTrue(results != null && (results & 0777) == 0777, "results directory mode: " + Integer.toOctalString(results == null ? 0 : results));
    }

    @Test
    void reportsItsSize() {
        long appCompressed = 0;
        long appUncompressed = 0;
        long allCompressed = 0;
        long allUncompressed = 0;
        StringBuilder lines = new StringBuilder();
        for (String layer : layerOrder) {
            boolean app = layers.get(layer).stream().anyMatch(p -> p.startsWith("/app/") || p.startsWith("/opt/kbench/"));
            allCompressed += compressedBytes.get(layer);
            allUncompressed += uncompressedBytes.get(layer);
            if (app) {
                appCompressed += compressedBytes.get(layer);
                appUncompressed += uncompressedBytes.get(layer);
                lines.append(String.format(Locale.ROOT, "[image]   application layer %-60s %6.1f MB (%.1f MB compressed)%n",
                        describe(layers.get(layer)), uncompressedBytes.get(layer) / 1e6, compressedBytes.get(layer) / 1e6));
            }
        }
        System.out.print(lines);
        System.out.printf(Locale.ROOT, "[image] application layers %.1f MB (%.1f MB compressed); whole image %.1f MB (%.1f MB compressed), %d layers%n",
                appUncompressed / 1e6, appCompressed / 1e6, allUncompressed / 1e6, allCompressed / 1e6, layerOrder.size());
        assertTrue(appUncompressed > 10_000_000 && appUncompressed < allUncompressed, "application layers: " + appUncompressed + " bytes");
        assertFalse(layerOrder.isEmpty());
    }

    private static String describe(List<String> paths) {
        long jars = paths.stream().filter(p -> p.endsWith(".jar")).count();
        String first = paths.stream().filter(p -> !p.endsWith("/")).findFirst().orElse("(directories)");
        return jars > 0 ? jars + " jars, e.g. " + first.substring(first.lastIndexOf('/') + 1) : first;
    }

    private static List<String> paths() {
        List<String> all = new ArrayList<>();
        layers.values().forEach(all::addAll);
        return all;
    }
}
