package io.kbench.features.cost;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a price file (YAML) and checks it. Every mistake is an {@link IllegalArgumentException} of one line naming the
 * file, the field, the value and what is allowed. The YAML is read as a tree, not bound to records, so that a price
 * written as text is reported as such rather than as a parser's stack of types.
 */
public final class PriceFileReader {

    private static final Set<String> TOP = Set.of("name", "date", "currency", "note", "brokers", "ckus", "clients", "storage",
            "crossZone", "dataOut");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private PriceFileReader() {}

    public static PriceFile read(Path path) {
        String file = path.toString();
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(path));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("--prices " + file + ": no such file");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("--prices " + file + ": not YAML (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new IllegalArgumentException("--prices " + file + ": cannot be read (" + e.getMessage() + ")");
        }
        return parse(file, root);
    }

    static PriceFile parse(String file, JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + ": a price file is a mapping with name, date, and prices "
                    + "(brokers, ckus, clients, storage, crossZone, dataOut)");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!TOP.contains(key)) {
                throw new IllegalArgumentException(file + ": unknown field '" + key + "'; allowed: name, date, currency, note, "
                        + "brokers, ckus, clients, storage, crossZone, dataOut");
            }
        }
        String name = text(file, root, "name", true);
        String dateText = text(file, root, "date", true);
        LocalDate date;
        try {
            date = LocalDate.parse(dateText);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(file + ": date must be the day the prices were read, as YYYY-MM-DD; got '"
                    + dateText + "'");
        }
        String currency = Optional.ofNullable(text(file, root, "currency", false)).orElse("USD");
        if (!currency.equals("USD")) {
            throw new IllegalArgumentException(file + ": currency must be USD (kbench prints dollars); got '" + currency + "'");
        }
        JsonNode storage = root.get("storage");
        boolean countsReplicas = true;
        if (storage != null && storage.has("countsReplicas")) {
            if (!storage.get("countsReplicas").isBoolean()) {
                throw new IllegalArgumentException(file + ": storage.countsReplicas must be true (billed for every replica) or "
                        + "false (billed once, before replication); got '" + storage.get("countsReplicas").asText() + "'");
            }
            countsReplicas = storage.get("countsReplicas").asBoolean();
        }
        return new PriceFile(file, name, date, currency, text(file, root, "note", false),
                byType(file, root, "brokers"), price(file, root, "ckus", "perHour", Set.of()),
                byType(file, root, "clients"), price(file, root, "storage", "perGbMonth", Set.of("countsReplicas")), countsReplicas,
                price(file, root, "crossZone", "perGbEachDirection", Set.of()), price(file, root, "dataOut", "perGb", Set.of()));
    }

    /** A warning when the file's prices were read more than a year before today, or empty. */
    public static Optional<String> ageWarning(PriceFile prices, Clock clock) {
        LocalDate today = LocalDate.now(clock);
        if (prices.date().plusYears(1).isBefore(today)) {
            return Optional.of("warning: " + prices.file() + " is dated " + prices.date() + ", more than a year before today ("
                    + today + "): prices change; check them at their sources or use a newer file");
        }
        return Optional.empty();
    }

    private static Map<String, Price> byType(String file, JsonNode root, String field) {
        JsonNode node = root.get(field);
        Map<String, Price> prices = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return prices;
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException(file + ": " + field + " must map instance types to {perHour, source}, e.g. "
                    + "kafka.m7g.large: {perHour: 0.204, source: https://...}");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            prices.put(e.getKey(), entry(file, field + "." + e.getKey(), e.getValue(), "perHour", Set.of()));
        }
        return prices;
    }

    private static Price price(String file, JsonNode root, String field, String amount, Set<String> extra) {
        JsonNode node = root.get(field);
        return node == null || node.isNull() ? null : entry(file, field, node, amount, extra);
    }

    private static Price entry(String file, String field, JsonNode node, String amount, Set<String> extra) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(file + ": " + field + " must be {" + amount + ": <number>, source: <where it "
                    + "was published>}; got '" + node.asText() + "'");
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!key.equals(amount) && !key.equals("source") && !extra.contains(key)) {
                throw new IllegalArgumentException(file + ": " + field + " has an unknown field '" + key + "'; allowed: "
                        + amount + ", source" + (extra.isEmpty() ? "" : ", " + String.join(", ", extra)));
            }
        }
        JsonNode value = node.get(amount);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException(file + ": " + field + "." + amount + " is missing");
        }
        if (!value.isNumber() || !Double.isFinite(value.asDouble())) {
            throw new IllegalArgumentException(file + ": " + field + "." + amount + " must be a number of USD, at least 0; got '"
                    + value.asText() + "'");
        }
        if (value.asDouble() < 0) {
            throw new IllegalArgumentException(file + ": " + field + "." + amount + " must be at least 0; got " + value.asText());
        }
        String source = node.path("source").asText("").strip();
        if (source.isEmpty()) {
            throw new IllegalArgumentException(file + ": " + field + ".source is missing: every price names where it was "
                    + "published");
        }
        return new Price(value.asDouble(), source);
    }

    private static String text(String file, JsonNode root, String field, boolean required) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull() || node.asText().isBlank()) {
            if (required) {
                throw new IllegalArgumentException(file + ": " + field + " is missing"
                        + (field.equals("date") ? ": the day the prices were read, as YYYY-MM-DD" : ""));
            }
            return null;
        }
        if (!node.isValueNode()) {
            throw new IllegalArgumentException(file + ": " + field + " must be text");
        }
        return node.asText().strip();
    }
}
