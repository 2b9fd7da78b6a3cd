package io.kbench.features.cost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;

/**
 * Reads what a cost needs from a kbench result file, as JSON: a feature reads results through their documented fields
 * (docs/result-schema.md), not through the result's classes. Optional input: the {@code zones} section's measured
 * {@code crossZoneBytesPerSecond} of its produce and fetch flows (the clients' traffic) and of its replication flow.
 */
public final class ResultReader {

    /** Kafka's default {@code log.retention.hours}, which MSK keeps too. */
    static final Duration KAFKA_DEFAULT_RETENTION = Duration.ofHours(168);

    private ResultReader() {}

    /** Reads {@code file}; {@link IllegalArgumentException} with one line when it is not a usable result. */
    public static RunFigures read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not a kbench result file (" + firstLine(e.getMessage()) + ")");
        }
        if (root == null || !root.isObject() || !root.has("workloadConfig")) {
            throw new IllegalArgumentException(file + ": not a kbench result file (no workloadConfig)");
        }
        return figures(file.toString(), root);
    }

    static RunFigures figures(String file, JsonNode root) {
        JsonNode m = root.path("measurement");
        Double sustained;
        String from;
        JsonNode search = root.path("search");
        if (search.isObject()) {
            if ("confirmed".equals(search.path("outcome").asText()) && search.path("maxMBps").isNumber()) {
                sustained = search.get("maxMBps").asDouble();
                from = "the search's confirmed rate at its objective (" + search.path("slo").asText("?") + ")";
            } else {
                sustained = null;
                from = "the search confirmed no rate (outcome " + search.path("outcome").asText("?") + ")";
            }
        } else if (m.path("publishMBps").isNumber() && m.get("publishMBps").asDouble() > 0) {
            sustained = m.get("publishMBps").asDouble();
            from = "the measured publish rate";
        } else {
            sustained = null;
            from = "the run measured no published messages";
        }
        JsonNode cluster = root.path("provenance").path("cluster");
        Integer brokers = whole(cluster.path("brokerCount"));
        java.util.Set<String> hosts = new java.util.HashSet<>();
        root.path("provenance").path("clients").forEach(c -> hosts.add(c.path("hostId").asText(c.path("host").asText(""))));
        Integer clientHosts = hosts.isEmpty() ? null : hosts.size();
        Integer cku = root.path("ckuCheck").path("cku").isInt() ? whole(root.path("ckuCheck").path("cku"))
                : whole(root.path("workloadConfig").path("cku"));
        JsonNode rfNode = root.path("driverInfo").path("config").path("replicationFactor");
        Integer rf = rfNode.isInt() && rfNode.asInt() > 0 ? whole(rfNode) : null;
        Retention retention = retention(root, cluster);
        return new RunFigures(file, root.path("workloadConfig").path("name").asText("?"), root.path("status").asText("?"),
                sustained, from, m.path("consumeMBps").asDouble(0), brokers, clientHosts, cku, rf, retention.kept(), retention.from(),
                crossZone(root.path("zones"), "produce", "fetch"), crossZone(root.path("zones"), "replication"));
    }

    private record Retention(Duration kept, String from) {}

    /**
     * The topics' retention: their own {@code retention.ms} (as the cluster described them, else as the driver file set
     * them), else the brokers' {@code log.retention.*} where set, else Kafka's default when the cluster described its
     * brokers. The longest where topics differ.
     */
    private static Retention retention(JsonNode root, JsonNode cluster) {
        Long topicMs = null;
        for (JsonNode group : cluster.path("topicConfigs")) {
            Long ms = number(group.path("configs").path("retention.ms").asText(null));
            if (ms != null && (topicMs == null || ms < 0 || (topicMs >= 0 && ms > topicMs))) {
                topicMs = ms;
            }
        }
        if (topicMs != null) {
            return ms(topicMs, "the topics' retention.ms, as the cluster described them");
        }
        String topicConfig = root.path("driverInfo").path("config").path("topicConfig").asText("");
        Properties props = new Properties();
        try {
            props.load(new StringReader(topicConfig));
        } catch (IOException | IllegalArgumentException e) {
            props.clear();
        }
        Long driverMs = number(props.getProperty("retention.ms"));
        if (driverMs != null) {
            return ms(driverMs, "retention.ms in the driver file's topicConfig");
        }
        for (JsonNode group : cluster.path("brokerConfigs")) {
            JsonNode set = group.path("differsFromDefault");
            Long ms = number(set.path("log.retention.ms").asText(null));
            Long minutes = number(set.path("log.retention.minutes").asText(null));
            Long hours = number(set.path("log.retention.hours").asText(null));
            if (ms != null) {
                return ms(ms, "the brokers' log.retention.ms");
            }
            if (minutes != null) {
                return ms(minutes < 0 ? -1 : minutes * 60_000, "the brokers' log.retention.minutes");
            }
            if (hours != null) {
                return ms(hours < 0 ? -1 : hours * 3_600_000, "the brokers' log.retention.hours");
            }
        }
        if (cluster.path("brokerConfigs").size() > 0) {
            return new Retention(KAFKA_DEFAULT_RETENTION, "Kafka's default log.retention.hours (168), which the brokers keep");
        }
        return new Retention(null, "the result does not tell the topics' retention");
    }

    private static Retention ms(long ms, String from) {
        return ms <= 0 ? new Retention(null, "unbounded (" + from + " is " + ms + ")") : new Retention(Duration.ofMillis(ms), from);
    }

    private static Integer whole(JsonNode node) {
        return node.isInt() ? Integer.valueOf(node.asInt()) : null;
    }

    private static Long number(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The bytes per second that crossed zones in these flows of the {@code zones} section, added up; null when the section
     * is absent or a flow's zones were unknown or not measured (its {@code crossZoneBytesPerSecond} null).
     */
    private static Double crossZone(JsonNode zones, String... flows) {
        if (!zones.isObject()) {
            return null;
        }
        double sum = 0;
        for (String flow : flows) {
            JsonNode v = zones.path(flow).path("crossZoneBytesPerSecond");
            if (!v.isNumber()) {
                return null;
            }
            sum += v.asDouble();
        }
        return sum;
    }

    private static String firstLine(String message) {
        String s = String.valueOf(message);
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
