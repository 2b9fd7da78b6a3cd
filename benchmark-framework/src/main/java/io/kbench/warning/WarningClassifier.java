package io.kbench.warning;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sorts the warnings of the Kafka clients (and any other library) into kinds a user can read: one
 * sentence per kind, without exception class names or client ids. The patterns follow the texts
 * kafka-clients 4.3 logs at WARN and ERROR (the test holds real ones); anything else falls back to
 * its own message, cleaned, with numbers and ids taken out of its key so that repeats count as one kind.
 */
public final class WarningClassifier {

    /** Longest sentence kept from a message we do not know. */
    static final int MAX_SENTENCE_CHARS = 200;

    /** Kafka's log context, e.g. "[Producer clientId=producer-1] " or "[Consumer clientId=c, groupId=g] ". */
    private static final Pattern CLIENT_PREFIX = Pattern.compile("^\\[[^\\]]*clientId=[^\\]]*\\]\\s*");

    private static final Pattern AUTH_FAILED =
            Pattern.compile("Connection to node \\S+ \\(([^)]*)\\) failed authentication due to: (.*)", Pattern.DOTALL);
    private static final Pattern NOT_ESTABLISHED = Pattern.compile("Connection to node \\S+ \\(([^)]*)\\) could not be established");
    private static final Pattern BOOTSTRAP_DISCONNECTED = Pattern.compile("Bootstrap broker (\\S+) \\(id:[^)]*\\) disconnected");
    private static final Pattern METADATA_ISSUE =
            Pattern.compile("(?:reported a recoverable issue|Error while fetching metadata) with correlation id \\d+ : \\{(.*)\\}");
    private static final Pattern ERROR_CODE = Pattern.compile("=([A-Z][A-Z_]+)");
    private static final Pattern FETCH_UNKNOWN_TOPIC = Pattern.compile("Received unknown topic or partition error in fetch");
    private static final Pattern PRODUCE_ERROR = Pattern.compile("Got error produce response .*?Error: ([A-Z][A-Z_]+)");
    private static final Pattern PRODUCE_INVALID_METADATA =
            Pattern.compile("Received invalid metadata error in produce request on partition \\S+ due to ([\\w.$]+)");
    private static final Pattern COMMIT_FAILED =
            Pattern.compile("(?i)offset commit.* failed|commit of offsets.* failed|offset commit failed");
    private static final Pattern THROTTLED = Pattern.compile("is throttled for \\d+ ms");

    /** A Java class name ending in Exception or Error, qualified or not, with the ": " after it. */
    private static final Pattern EXCEPTION_NAME =
            Pattern.compile("\\b(?:[a-z_][a-z0-9_]*\\.)*[A-Z][A-Za-z0-9_$]*(?:Exception|Error)\\b:?\\s*");
    /** Any token with a digit in it: ports, addresses, ids, offsets, correlation ids, partitions. */
    private static final Pattern VARYING = Pattern.compile("[\\w.:/-]*\\d[\\w.:/-]*");

    private WarningClassifier() {}

    /**
     * @param message the logged message, formatted
     * @param causes  the attached exception and its causes, outermost first, each "class.Name: message"
     *                (or just the class name); empty when none was attached
     */
    public static WarningKind classify(String message, List<String> causes) {
        String m = CLIENT_PREFIX.matcher(message == null ? "" : message.strip()).replaceFirst("");
        Matcher x;
        if ((x = AUTH_FAILED.matcher(m)).find()) {
            return WarningKind.of("authentication to broker " + address(x.group(1)) + " failed: " + reason(x.group(2)));
        }
        if ((x = NOT_ESTABLISHED.matcher(m)).find()) {
            return unreachable(address(x.group(1)));
        }
        if ((x = BOOTSTRAP_DISCONNECTED.matcher(m)).find()) {
            return unreachable(address(x.group(1)));
        }
        if ((x = METADATA_ISSUE.matcher(m)).find()) {
            Matcher code = ERROR_CODE.matcher(x.group(1));
            return metadata(code.find() ? code.group(1) : "an error");
        }
        if (FETCH_UNKNOWN_TOPIC.matcher(m).find()) {
            return unknownTopic();
        }
        if ((x = PRODUCE_ERROR.matcher(m)).find()) {
            return produce(x.group(1));
        }
        if ((x = PRODUCE_INVALID_METADATA.matcher(m)).find()) {
            return produce(errorCode(x.group(1)));
        }
        if (COMMIT_FAILED.matcher(m).find() || causes.stream().anyMatch(c -> c.contains("CommitFailedException"))) {
            return WarningKind.of("consumer offset commits failed (the consumers commit again later)");
        }
        if (THROTTLED.matcher(m).find()) {
            return throttled();
        }
        String authCause = causes.stream().filter(c -> c.matches("[\\w.$]*AuthenticationException(:.*)?")).findFirst()
                .orElse(m.contains("AuthenticationException") ? m : null);
        if (authCause != null) {
            return WarningKind.of("authentication failed: " + reason(authCause.substring(authCause.indexOf("AuthenticationException"))));
        }
        if (causes.stream().anyMatch(c -> c.startsWith("org.apache.kafka.common.errors.TimeoutException"))) {
            return timedOut();
        }
        return other(m, causes);
    }

    /** "broker 127.0.0.1:9092 unreachable", one kind per broker address. */
    public static WarningKind unreachable(String address) {
        return WarningKind.of("broker " + address + " unreachable");
    }

    private static WarningKind metadata(String code) {
        return switch (code) {
            case "UNKNOWN_TOPIC_OR_PARTITION", "UNKNOWN_TOPIC_ID" -> unknownTopic();
            case "LEADER_NOT_AVAILABLE" -> WarningKind.of("partitions without a leader (LEADER_NOT_AVAILABLE): a broker is down "
                    + "or a leader election is under way");
            case "NOT_LEADER_OR_FOLLOWER" -> leaderMoved();
            default -> WarningKind.of("metadata requests report " + code);
        };
    }

    private static WarningKind produce(String code) {
        return switch (code) {
            case "NOT_LEADER_OR_FOLLOWER", "NOT_LEADER_FOR_PARTITION" -> leaderMoved();
            case "LEADER_NOT_AVAILABLE", "UNKNOWN_TOPIC_OR_PARTITION", "UNKNOWN_TOPIC_ID" -> metadata(code);
            case "NETWORK_EXCEPTION" -> WarningKind.of("connection to a broker lost with produce requests in flight (the producers retry)");
            case "REQUEST_TIMED_OUT" -> timedOut();
            case "THROTTLING_QUOTA_EXCEEDED" -> throttled();
            default -> WarningKind.of("produce requests failed with " + code + " (the producers retry)");
        };
    }

    private static WarningKind unknownTopic() {
        return WarningKind.of("topic unknown to the cluster (UNKNOWN_TOPIC_OR_PARTITION): deleted, or not created yet");
    }

    private static WarningKind leaderMoved() {
        return WarningKind.of("partition leaders moved (NOT_LEADER_OR_FOLLOWER): the clients look up the new leaders and retry");
    }

    private static WarningKind timedOut() {
        return WarningKind.of("requests to the cluster timed out (the clients retry until their timeouts run out)");
    }

    private static WarningKind throttled() {
        return WarningKind.of("the cluster throttled the clients (a quota was reached)");
    }

    /** A message we do not know: itself, cleaned, as the sentence; without what varies as the key. */
    private static WarningKind other(String message, List<String> causes) {
        String sentence = readable(message);
        if (sentence.isEmpty()) {
            sentence = causes.isEmpty() ? "" : readable(causes.get(causes.size() - 1));
        }
        if (sentence.isEmpty()) {
            sentence = "a library reported a problem without a message";
        }
        return new WarningKind(VARYING.matcher(sentence).replaceAll("#"), sentence);
    }

    /** "NotLeaderOrFollowerException" (qualified or not) → "NOT_LEADER_OR_FOLLOWER", the error code Kafka names it by. */
    static String errorCode(String exceptionClass) {
        String simple = exceptionClass.substring(exceptionClass.lastIndexOf('.') + 1).replaceFirst("Exception$", "");
        String code = simple.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
        return switch (code) {
            case "NETWORK" -> "NETWORK_EXCEPTION";
            case "TIMEOUT" -> "REQUEST_TIMED_OUT";
            default -> code;
        };
    }

    /** Why authentication failed, without the "Authentication failed:" the broker's reason starts with. */
    private static String reason(String text) {
        return readable(text).replaceFirst("(?i)^authentication failed:?\\s*", "");
    }

    /** "/127.0.0.1:9092" or "localhost/127.0.0.1:9092" → "127.0.0.1:9092". */
    private static String address(String text) {
        return text.substring(text.lastIndexOf('/') + 1);
    }

    /**
     * The first line of {@code text} for the console: without exception class names, Kafka's client
     * prefix and extra space; at most {@value #MAX_SENTENCE_CHARS} characters.
     */
    public static String readable(String text) {
        String line = text.strip().lines().findFirst().orElse("");
        line = CLIENT_PREFIX.matcher(line).replaceFirst("");
        line = EXCEPTION_NAME.matcher(line).replaceAll("");
        line = line.replaceAll("\\s+", " ").replaceAll("^[:;,.\\s]+", "").strip();
        return line.length() <= MAX_SENTENCE_CHARS ? line : line.substring(0, MAX_SENTENCE_CHARS - 1) + "…";
    }
}
