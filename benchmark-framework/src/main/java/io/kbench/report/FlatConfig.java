package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.SecretNames;
import io.kbench.driver.SweepTarget;
import io.kbench.result.DriverInfo;
import io.kbench.result.OmbResult;
import io.kbench.result.ResultJson;
import io.kbench.secret.Redactor;
import io.kbench.worker.DriverLoader;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A run's workload and driver configuration as flat {@code key → value} text, with the names a sweep
 * file uses: workload fields as they are ({@code messageSize}), the settings in the groups the
 * run's driver declares ({@link BenchmarkDriver#sweepTargets()}) as {@code <prefix>.<key>} (for
 * Kafka {@code producer.acks}, {@code broker.log.flush.interval.messages}), other driver fields as
 * {@code driver.<field>}. Secrets stay masked.
 */
final class FlatConfig {

    private FlatConfig() {}

    static Map<String, String> of(ResultFile run) {
        Map<String, String> out = new TreeMap<>();
        if (run.omb() != null) {
            // OMB keeps only these of the workload, under its result's names.
            OmbResult r = run.omb();
            put(out, "messageSize", r.messageSize());
            put(out, "topics", r.topics());
            put(out, "partitionsPerTopic", r.partitions());
            put(out, "producersPerTopic", r.producersPerTopic());
            put(out, "consumerPerSubscription", r.consumersPerTopic());
            put(out, "driver.name", r.driver());
            return out;
        }
        // The workload's fields as its file names them, each as the result writes it (durations as 30s).
        JsonNode workload = ResultJson.MAPPER.valueToTree(run.kbench().identity().workload());
        for (Iterator<Map.Entry<String, JsonNode>> it = workload.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            put(out, e.getKey(), e.getValue());
        }
        DriverInfo driver = run.kbench().identity().driverInfo();
        out.putAll(driver(ResultJson.MAPPER.valueToTree(driver.config()), settingGroups(driver)));
        return out;
    }

    /** The driver file's settings alone, flat as in {@link #of}: {@code producer.acks}, {@code driver.localCluster.networkDelay}. */
    static Map<String, String> driverOf(DriverInfo driver) {
        return driver(ResultJson.MAPPER.valueToTree(driver.config()), settingGroups(driver));
    }

    /**
     * The groups the run's driver declared: written into the result since they exist, else asked of the
     * driver named by the result's driverClass if it is on this class path; none otherwise (plain driver.&lt;field&gt;).
     */
    private static List<SweepTarget> settingGroups(DriverInfo driver) {
        if (driver.settingGroups() != null) {
            return driver.settingGroups();
        }
        Object driverClass = driver.config() == null ? null : driver.config().get("driverClass");
        return DriverLoader.named(driverClass == null ? "" : driverClass.toString()).map(BenchmarkDriver::sweepTargets).orElse(List.of());
    }

    /** A driver file's fields, flat: declared groups as {@code <prefix>.<key>}, the rest as {@code driver.<field>}. */
    static Map<String, String> driver(JsonNode config, List<SweepTarget> targets) {
        Map<String, String> out = new TreeMap<>();
        fields(out, List.of(), config, targets);
        return out;
    }

    private static void fields(Map<String, String> out, List<String> path, JsonNode node, List<SweepTarget> targets) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            List<String> here = new ArrayList<>(path);
            here.add(e.getKey());
            Optional<SweepTarget> target = targets.stream().filter(t -> t.path().equals(here)).findFirst();
            boolean holdsTarget = targets.stream().anyMatch(t -> t.path().size() > here.size()
                    && t.path().subList(0, here.size()).equals(here));
            if (target.isPresent() && settings(out, target.get(), e.getValue())) {
                continue;
            }
            if (holdsTarget && e.getValue().isObject()) {
                fields(out, here, e.getValue(), targets);
            } else {
                put(out, "driver." + String.join(".", here), e.getValue());
            }
        }
    }

    /** The settings of a declared group; false when the field does not have the declared shape. */
    private static boolean settings(Map<String, String> out, SweepTarget target, JsonNode value) {
        String prefix = target.prefix() + ".";
        if (target.shape() == SweepTarget.Shape.PROPERTIES_TEXT && value.isTextual()) {
            properties(out, prefix, value.asText());
            return true;
        }
        if (target.shape() == SweepTarget.Shape.MAPPING && value.isObject()) {
            value.fields().forEachRemaining(b -> put(out, prefix + b.getKey(), b.getValue()));
            return true;
        }
        return false;
    }

    private static void properties(Map<String, String> out, String prefix, String text) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            out.put(prefix + "(unparsed)", Redactor.process().redactText(text));
            return;
        }
        p.stringPropertyNames().forEach(k -> out.put(prefix + k, mask(k, p.getProperty(k))));
    }

    private static void put(Map<String, String> out, String key, Object value) {
        put(out, key, (JsonNode) ResultJson.MAPPER.valueToTree(value));
    }

    private static void put(Map<String, String> out, String key, JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return;
        }
        String text = value.isValueNode() ? value.asText() : value.toString();
        out.put(key, mask(key, value.isTextual() ? maskSecretValues(text) : text));
    }

    /**
     * Text kept whole (no group declared for it) may still be properties: a secret key's value is masked
     * wherever it stands in the text. Java's own parser finds the keys, whatever separator a line uses.
     */
    private static String maskSecretValues(String text) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            return text;
        }
        String out = text;
        for (String key : p.stringPropertyNames()) {
            String value = p.getProperty(key);
            if (SecretNames.isSecret(key) && !value.isEmpty()) {
                out = out.replace(value, Redactor.MASK);
            }
        }
        return out;
    }

    private static String mask(String key, String value) {
        return SecretNames.isSecret(key) ? Redactor.MASK : Redactor.process().redactText(value);
    }
}
