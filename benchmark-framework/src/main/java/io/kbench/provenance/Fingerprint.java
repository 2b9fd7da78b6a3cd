package io.kbench.provenance;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.config.DurationJson;
import io.kbench.config.DurationParser;
import io.kbench.workload.Workload;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Hashes that find runs of the same test without reading them: of the normalised workload, and of the driver file.
 * Each is the first 16 hex digits of the SHA-256 of a canonical JSON text (keys sorted, absent fields left out).
 *
 * <p>The workload is normalised first: its {@code name} is left out (it labels the test, it does not shape it), and
 * so are OMB's progress interval ({@code logIntervalMillis}) and the {@code --scale} note; the warmup and the test
 * duration are written one way whichever the file used ({@code testDurationMinutes: 1} is {@code testDuration: 1m}).
 * The driver file's hash is of its fields as written, secrets masked and placeholders unresolved, so it holds no
 * secret and the same file hashes the same wherever its variables point.
 */
public final class Fingerprint {

    /** Workload fields that do not shape the load. */
    static final List<String> IGNORED_WORKLOAD_FIELDS = List.of("name", "logIntervalMillis", "testDurationMinutes",
            "warmupDurationMinutes", "testDuration", "warmupDuration");

    private static final ObjectMapper CANONICAL = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .addModule(DurationJson.module())
            .build();

    private Fingerprint() {}

    /** The normalised workload's hash. */
    public static String workload(Workload w) {
        ObjectNode tree = CANONICAL.valueToTree(w);
        IGNORED_WORKLOAD_FIELDS.forEach(tree::remove);
        tree.put("warmupDuration", DurationParser.format(w.effectiveWarmup()));
        tree.put("testDuration", DurationParser.format(w.effectiveTestDuration()));
        return hash(text(tree));
    }

    /** The driver file's hash, from its fields as written (secrets masked). */
    public static String driver(Map<String, Object> redactedConfig) {
        return hash(text(CANONICAL.valueToTree(redactedConfig == null ? Map.of() : redactedConfig)));
    }

    private static String text(Object tree) {
        try {
            return CANONICAL.writeValueAsString(CANONICAL.treeToValue(CANONICAL.valueToTree(tree), Object.class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write a canonical text", e);
        }
    }

    static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }
}
