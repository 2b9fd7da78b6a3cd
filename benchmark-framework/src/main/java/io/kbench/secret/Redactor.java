package io.kbench.secret;

import io.kbench.driver.SecretNames;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks secrets in configuration before it is printed or stored: values of keys whose name says
 * they are secret ({@link SecretNames}), {@code password="..."} inside JAAS strings, and any
 * value that came from an environment or file placeholder.
 */
public final class Redactor {

    public static final String MASK = SecretNames.MASK;

    private static final Pattern PROPERTY_LINE = Pattern.compile("(?m)^(\\s*)([^=:#!\\s][^=:\\s]*)(\\s*[=:]\\s*)(.*)$");
    private static final Pattern QUOTED_SECRET =
            Pattern.compile("(?i)((?:password|secret|token)\\s*=\\s*\")([^\"]*)(\")");

    private static final Redactor PROCESS = new Redactor(List.of());

    private final Set<String> knownSecrets = new CopyOnWriteArraySet<>();

    /** @param knownSecrets values to mask wherever they appear (e.g. substituted placeholder values) */
    public Redactor(Collection<String> knownSecrets) {
        knownSecrets.forEach(this::register);
    }

    /**
     * The process's redactor, for the process's entry points to pass in (a command line, a worker
     * agent) and for the guards of what is process-wide anyway: System.out and System.err
     * ({@link RedactingOutputStream}), which any class or library may print to, and the logging
     * backend, which logback configures once per process. Everything else is given a redactor.
     */
    public static Redactor process() {
        return PROCESS;
    }

    /** Masks {@code secret} wherever it appears from now on (values shorter than 3 characters are ignored). */
    public void register(String secret) {
        if (secret != null && secret.length() >= 3) {
            knownSecrets.add(secret);
        }
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
        if (SecretNames.isSecret(key)) {
            return MASK;
        }
        if (key.equals("users") && value instanceof Map<?, ?> users) {
            Map<String, Object> masked = new LinkedHashMap<>(); // user name -> password
            users.forEach((name, password) -> masked.put(String.valueOf(name), MASK));
            return masked;
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

    /**
     * Masks known secret values and quoted passwords ({@code password="..."}) in output text:
     * console lines, logs, error messages, result files.
     */
    public String redactSecrets(String text) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (String secret : knownSecrets) {
            out = out.replace(secret, MASK);
        }
        return QUOTED_SECRET.matcher(out).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3");
    }

    /**
     * Masks secrets in configuration text: also the values of property lines whose key looks
     * secret ({@code ssl.key.password=...}, {@code sasl.jaas.config=...}).
     */
    public String redactText(String text) {
        if (text == null) {
            return null;
        }
        String out = redactSecrets(text);
        Matcher lines = PROPERTY_LINE.matcher(out);
        StringBuilder b = new StringBuilder();
        while (lines.find()) {
            String replacement = SecretNames.isSecret(lines.group(2))
                    ? lines.group(1) + lines.group(2) + lines.group(3) + MASK
                    : lines.group(0);
            lines.appendReplacement(b, Matcher.quoteReplacement(replacement));
        }
        lines.appendTail(b);
        return b.toString();
    }
}
