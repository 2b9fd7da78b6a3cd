package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.driver.SecretNames;
import io.kbench.util.Redactor;
import java.io.IOException;
import java.io.StringReader;
import java.util.Iterator;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A run's workload and driver configuration as flat {@code key → value} text, with the names a sweep
 * file uses: workload fields as they are ({@code messageSize}), Kafka settings as {@code producer.acks},
 * {@code consumer.*}, {@code common.*}, {@code topic.*}, broker settings of a local cluster as
 * {@code broker.*}, other driver fields as {@code driver.*}. Secrets stay masked.
 */
final class FlatConfig {

    private static final Map<String, String> PROPERTY_BLOCKS = Map.of(
            "producerConfig", "producer.", "consumerConfig", "consumer.", "commonConfig", "common.", "topicConfig", "topic.");

    private FlatConfig() {}

    static Map<String, String> of(LoadedRun run) {
        Map<String, String> out = new TreeMap<>();
        JsonNode root = run.root();
        if (run.format() == ResultFormat.OMB) {
            // OMB keeps only these of the workload, under its result's names.
            put(out, "messageSize", root.path("messageSize"));
            put(out, "topics", root.path("topics"));
            put(out, "partitionsPerTopic", root.path("partitions"));
            put(out, "producersPerTopic", root.path("producersPerTopic"));
            put(out, "consumerPerSubscription", root.path("consumersPerTopic"));
            put(out, "driver.name", root.path("driver"));
            return out;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = root.path("workloadConfig").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            put(out, e.getKey(), e.getValue());
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = root.path("driverInfo").path("config").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String prefix = PROPERTY_BLOCKS.get(e.getKey());
            if (prefix != null && e.getValue().isTextual()) {
                properties(out, prefix, e.getValue().asText());
            } else if (e.getKey().equals("localCluster") && e.getValue().isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> c = e.getValue().fields(); c.hasNext(); ) {
                    Map.Entry<String, JsonNode> f = c.next();
                    if (f.getKey().equals("brokerConfig")) {
                        f.getValue().fields().forEachRemaining(b -> put(out, "broker." + b.getKey(), b.getValue()));
                    } else {
                        put(out, "driver.localCluster." + f.getKey(), f.getValue());
                    }
                }
            } else {
                put(out, "driver." + e.getKey(), e.getValue());
            }
        }
        return out;
    }

    private static void properties(Map<String, String> out, String prefix, String text) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            out.put(prefix + "(unparsed)", Redactor.global().redactText(text));
            return;
        }
        p.stringPropertyNames().forEach(k -> out.put(prefix + k, mask(k, p.getProperty(k))));
    }

    private static void put(Map<String, String> out, String key, JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return;
        }
        String text = value.isValueNode() ? value.asText() : value.toString();
        out.put(key, mask(key, text));
    }

    private static String mask(String key, String value) {
        return SecretNames.isSecret(key) ? Redactor.MASK : Redactor.global().redactText(value);
    }
}
