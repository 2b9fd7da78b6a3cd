package io.kbench.kafka;

import io.kbench.driver.DriverException;
import java.io.IOException;
import java.io.StringReader;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/** The multi-line {@code key=value} strings of Kafka driver files (Java properties format). */
final class PropertiesText {

    private PropertiesText() {}

    static Map<String, String> parse(String field, String text) {
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(text == null ? "" : text));
        } catch (IOException | IllegalArgumentException e) {
            throw new DriverException(field, field + " is not in key=value properties format: " + e.getMessage(), null);
        }
        Map<String, String> map = new TreeMap<>();
        properties.forEach((k, v) -> map.put(k.toString().trim(), v.toString().trim()));
        return map;
    }

    /** {@code text} with {@code key} set to {@code value}, replacing an earlier value. */
    static String withProperty(String text, String key, String value) {
        StringBuilder b = new StringBuilder();
        for (String line : (text == null ? "" : text).split("\n", -1)) {
            String trimmed = line.trim();
            if (trimmed.startsWith(key + "=") || trimmed.startsWith(key + " ") || trimmed.startsWith(key + ":")) {
                continue;
            }
            if (!trimmed.isEmpty()) {
                b.append(line).append('\n');
            }
        }
        return b.append(key).append('=').append(value).append('\n').toString();
    }
}
