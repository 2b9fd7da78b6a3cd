package io.kbench.util;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks secrets in configuration before it is printed or stored: values of secret-looking keys
 * (passwords, JAAS configs, tokens, API keys), {@code password="..."} inside JAAS strings, and any
 * value that came from an environment or file placeholder.
 */
public final class Redactor {

    public static final String MASK = "******";

    private static final Pattern SECRET_KEY =
            Pattern.compile("(?i).*(password|passwd|secret|jaas|token|api[._-]?key|credential|private[._-]?key).*");
    private static final Pattern PROPERTY_LINE = Pattern.compile("(?m)^(\\s*)([^=:#!\\s][^=:\\s]*)(\\s*[=:]\\s*)(.*)$");
    private static final Pattern QUOTED_SECRET =
            Pattern.compile("(?i)((?:password|secret|token)\\s*=\\s*\")([^\"]*)(\")");

    private final List<String> knownSecrets;

    /** @param knownSecrets values to mask wherever they appear (e.g. substituted placeholder values) */
    public Redactor(Collection<String> knownSecrets) {
        this.knownSecrets = knownSecrets.stream().filter(s -> s != null && s.length() >= 3).toList();
    }

    public static boolean isSecretKey(String key) {
        return SECRET_KEY.matcher(key).matches();
    }

    /** A copy of a parsed YAML tree with secrets masked. */
    public Map<String, Object> redact(Map<String, Object> tree) {
        Map<String, Object> copy = new LinkedHashMap<>();
        tree.forEach((k, v) -> copy.put(k, redactValue(k, v)));
        return copy;
    }

    @SuppressWarnings("unchecked")
    private Object redactValue(String key, Object value) {
        if (value == null) {
            return null;
        }
        if (isSecretKey(key)) {
            return MASK;
        }
        if (value instanceof Map<?, ?> map) {
            return redact((Map<String, Object>) map);
        }
        if (value instanceof List<?> list) {
            return list.stream().map(v -> redactValue("", v)).toList();
        }
        if (value instanceof String s) {
            return redactText(s);
        }
        return value;
    }

    /** Masks secrets in free text: property lines with secret keys, quoted passwords, known secret values. */
    public String redactText(String text) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (String secret : knownSecrets) {
            out = out.replace(secret, MASK);
        }
        Matcher lines = PROPERTY_LINE.matcher(out);
        StringBuilder b = new StringBuilder();
        while (lines.find()) {
            String replacement = isSecretKey(lines.group(2))
                    ? lines.group(1) + lines.group(2) + lines.group(3) + MASK
                    : lines.group(0);
            lines.appendReplacement(b, Matcher.quoteReplacement(replacement));
        }
        lines.appendTail(b);
        return QUOTED_SECRET.matcher(b.toString()).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3");
    }
}
