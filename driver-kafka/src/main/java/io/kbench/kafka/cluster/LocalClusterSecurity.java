package io.kbench.kafka.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code localCluster.security} section: a secured client listener for the local cluster.
 *
 * <p>Only the listener in {@code bootstrap.servers} is secured; the nodes talk to each other on
 * internal PLAINTEXT listeners on 127.0.0.1. Like {@link LocalClusterConfig}, the record never
 * throws on bad values: {@link #problems()} lists them. Passwords never appear in
 * {@link #toString()} nor in any problem message.
 *
 * @param protocol   {@code SASL_SSL} (default), {@code SASL_PLAINTEXT} or {@code SSL}; case-insensitive
 * @param mechanisms SASL mechanisms to enable: {@code PLAIN}, {@code SCRAM-SHA-256}, {@code SCRAM-SHA-512}
 *                   (default {@code [PLAIN, SCRAM-SHA-512]} for SASL protocols, none for {@code SSL});
 *                   never null, unmodifiable, upper case, without duplicates
 * @param users      user name to password, registered for every enabled mechanism (required for SASL
 *                   protocols); never null, unmodifiable
 */
public record LocalClusterSecurity(String protocol, List<String> mechanisms, Map<String, String> users) {

    public static final String SASL_SSL = "SASL_SSL";
    public static final String SASL_PLAINTEXT = "SASL_PLAINTEXT";
    public static final String SSL = "SSL";
    public static final List<String> PROTOCOLS = List.of(SASL_SSL, SASL_PLAINTEXT, SSL);

    public static final String PLAIN = "PLAIN";
    public static final String SCRAM_SHA_256 = "SCRAM-SHA-256";
    public static final String SCRAM_SHA_512 = "SCRAM-SHA-512";
    public static final List<String> MECHANISMS = List.of(PLAIN, SCRAM_SHA_256, SCRAM_SHA_512);
    public static final List<String> DEFAULT_MECHANISMS = List.of(PLAIN, SCRAM_SHA_512);

    /** User names the JAAS and SCRAM configurations can carry without quoting. */
    private static final Pattern USER_NAME = Pattern.compile("[A-Za-z0-9._-]+");
    private static final String FIELD = "localCluster.security";

    public LocalClusterSecurity {
        protocol = protocol == null || protocol.isBlank() ? SASL_SSL : protocol.trim().toUpperCase(Locale.ROOT);
        if (mechanisms == null) {
            mechanisms = SSL.equals(protocol) ? List.of() : DEFAULT_MECHANISMS;
        } else {
            List<String> normalized = new ArrayList<>();
            for (String m : mechanisms) {
                String n = m == null ? "" : m.trim().toUpperCase(Locale.ROOT);
                if (!normalized.contains(n)) {
                    normalized.add(n);
                }
            }
            mechanisms = Collections.unmodifiableList(normalized);
        }
        users = users == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(users));
    }

    /** SASL_SSL with the default mechanisms and the given users. */
    public static LocalClusterSecurity saslSsl(Map<String, String> users) {
        return new LocalClusterSecurity(SASL_SSL, null, users);
    }

    /** Whether the client listener uses TLS (SSL or SASL_SSL). */
    public boolean usesTls() {
        return SSL.equals(protocol) || SASL_SSL.equals(protocol);
    }

    /** Whether the client listener authenticates with SASL. */
    public boolean usesSasl() {
        return SASL_SSL.equals(protocol) || SASL_PLAINTEXT.equals(protocol);
    }

    /** Problems with this section, each starting with its field path; never includes a password. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (!PROTOCOLS.contains(protocol)) {
            problems.add(FIELD + ".protocol must be one of " + String.join(", ", PROTOCOLS) + " (got " + protocol + ")");
            return List.copyOf(problems);
        }
        if (!usesSasl()) {
            if (!mechanisms.isEmpty()) {
                problems.add(FIELD + ".mechanisms must be empty for protocol SSL (got " + mechanisms
                        + "): SSL has no SASL authentication; use SASL_SSL to authenticate users over TLS");
            }
            if (!users.isEmpty()) {
                problems.add(FIELD + ".users is only used with SASL_SSL or SASL_PLAINTEXT; remove it for protocol SSL"
                        + " (or use SASL_SSL to authenticate users over TLS)");
            }
            return List.copyOf(problems);
        }
        if (mechanisms.isEmpty()) {
            problems.add(FIELD + ".mechanisms must name at least one of " + String.join(", ", MECHANISMS)
                    + " for protocol " + protocol + " (default " + String.join(", ", DEFAULT_MECHANISMS) + ")");
        }
        for (String m : mechanisms) {
            if (!MECHANISMS.contains(m)) {
                problems.add(FIELD + ".mechanisms may only contain " + String.join(", ", MECHANISMS)
                        + " (got " + (m.isEmpty() ? "an empty value" : m) + ")");
            }
        }
        if (users.isEmpty()) {
            problems.add(FIELD + ".users must give at least one user (name: password) for protocol " + protocol
                    + "; read passwords from the environment with ${env:NAME}");
        }
        for (Map.Entry<String, String> e : users.entrySet()) {
            String name = e.getKey();
            if (name == null || !USER_NAME.matcher(name).matches()) {
                problems.add(FIELD + ".users has a user name '" + name + "' that is not allowed: use letters, digits, "
                        + "'.', '_' and '-' only");
                continue;
            }
            if (e.getValue() == null || e.getValue().isEmpty()) {
                problems.add(FIELD + ".users." + name + " has no password");
            }
        }
        return List.copyOf(problems);
    }

    /** E.g. "SASL_SSL (PLAIN, SCRAM-SHA-512)" or "SSL". */
    public String summary() {
        return mechanisms.isEmpty() ? protocol : protocol + " (" + String.join(", ", mechanisms) + ")";
    }

    /** Shows user names only, never passwords. */
    @Override
    public String toString() {
        return "LocalClusterSecurity[protocol=" + protocol + ", mechanisms=" + mechanisms + ", users="
                + users.keySet() + "]";
    }
}
