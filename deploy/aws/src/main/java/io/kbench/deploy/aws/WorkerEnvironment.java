package io.kbench.deploy.aws;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The worker service's environment file ({@value UserData#ENV_FILE}): the bearer token and, when
 * known, the Kafka bootstrap servers that driver files read as {@code ${env:KAFKA_BOOTSTRAP_SERVERS}}.
 * Stored as an SSM SecureString and kept a Pulumi secret throughout.
 */
public final class WorkerEnvironment {

    private static final Pattern SAFE = Pattern.compile("[^\\s'\"\\\\$`]+");

    private WorkerEnvironment() {}

    /** The file's text: one {@code NAME=value} line per variable, in systemd's EnvironmentFile syntax. */
    public static String render(String token, Optional<String> bootstrapServers) {
        Map<String, String> variables = new LinkedHashMap<>();
        variables.put("KBENCH_WORKER_TOKEN", token);
        bootstrapServers.filter(s -> !s.isBlank()).ifPresent(s -> variables.put("KAFKA_BOOTSTRAP_SERVERS", s));
        StringBuilder text = new StringBuilder();
        variables.forEach((name, value) -> {
            if (value == null || !SAFE.matcher(value).matches()) {
                // the value is not shown: it may be the token
                throw new IllegalArgumentException(name + " must be non-empty, without spaces, quotes, backslashes or $");
            }
            text.append(name).append('=').append(value).append('\n');
        });
        return text.toString();
    }
}
