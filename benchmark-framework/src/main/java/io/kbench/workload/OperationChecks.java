package io.kbench.workload;

import io.kbench.config.DurationParser;
import io.kbench.driver.NearestName;
import io.kbench.workload.OperationSpec.Kind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The checks of a workload's {@code operations:} list, before anything runs: a known type, a time within the measurement,
 * only the fields its type takes, values in range, and no two operations at once (they run one after another). What
 * only the cluster knows (its broker ids, a topic's partitions) is checked once the run can ask it.
 */
final class OperationChecks {

    /** The smallest replication throttle: below it a reassignment of any real partition would not end. */
    static final double MIN_THROTTLE_MB_PER_SECOND = 1;

    /** Each field an operation may have, by its name in the file, with how to tell whether it is given. */
    private static final Map<String, Function<OperationSpec, Object>> FIELDS = new LinkedHashMap<>();

    static {
        FIELDS.put("topics", OperationSpec::topics);
        FIELDS.put("brokers", OperationSpec::brokers);
        FIELDS.put("from", OperationSpec::from);
        FIELDS.put("broker", OperationSpec::broker);
        FIELDS.put("share", OperationSpec::share);
        FIELDS.put("throttleMBPerSecond", OperationSpec::throttleMBPerSecond);
        FIELDS.put("pause", OperationSpec::pause);
        FIELDS.put("partitions", OperationSpec::partitions);
        FIELDS.put("scope", OperationSpec::scope);
        FIELDS.put("configs", OperationSpec::configs);
        FIELDS.put("keep", OperationSpec::keep);
    }

    /** The fields each kind takes besides after, type and timeout. */
    private static final Map<Kind, Set<String>> TAKES = new EnumMap<>(Kind.class);

    static {
        TAKES.put(Kind.ROLLING_RESTART, Set.of("brokers", "pause"));
        TAKES.put(Kind.REASSIGN_PARTITIONS, Set.of("topics", "brokers", "from", "share", "throttleMBPerSecond", "keep"));
        TAKES.put(Kind.ADD_BROKER, Set.of("topics", "share", "throttleMBPerSecond"));
        TAKES.put(Kind.REMOVE_BROKER, Set.of("broker", "throttleMBPerSecond"));
        TAKES.put(Kind.ADD_PARTITIONS, Set.of("topics", "partitions"));
        TAKES.put(Kind.ALTER_CONFIG, Set.of("topics", "broker", "scope", "configs", "keep"));
        TAKES.put(Kind.ELECT_LEADERS, Set.of("topics"));
    }

    static final List<String> SCOPES = List.of("topic", "broker", "cluster");

    private OperationChecks() {}

    static void check(Workload w, boolean search, List<Problem> problems) {
        List<OperationSpec> ops = w.operations();
        if (ops.isEmpty()) {
            return;
        }
        if (w.countMode() || search || w.consumesExistingOnly()) {
            problems.add(new Problem("operations", "operations happen at times during the measurement, so they need a timed run "
                    + "at a given rate: use testDuration" + (search ? " and run, not find-max" : "")));
            return;
        }
        Duration measure = w.effectiveTestDuration();
        Map<Duration, Integer> firstAt = new HashMap<>();
        for (int i = 0; i < ops.size(); i++) {
            OperationSpec o = ops.get(i);
            String at = "operations[" + i + "]";
            if (o == null) {
                problems.add(new Problem("operations", at + " is empty: give after and type, e.g. {after: 20s, type: "
                        + "elect-leaders}", List.of("operations", i)));
                continue;
            }
            Optional<Kind> kind = o.type() == null ? Optional.empty() : o.type().value();
            if (kind.isEmpty()) {
                String written = o.type() == null ? null : o.type().written();
                String nearest = written == null ? null : NearestName.find(written, Kind.labels()).orElse(null);
                problems.add(new Problem("operations", at + ".type " + (written == null ? "is missing" : "'" + written
                        + "' is unknown") + (nearest == null ? "" : "; did you mean '" + nearest + "'?") + " Allowed: "
                        + String.join(", ", Kind.labels()), List.of("operations", i, "type")));
            }
            if (o.after() == null) {
                problems.add(new Problem("operations", at + ".after is missing: when the operation starts, from the start of the "
                        + "measurement, e.g. 20s", List.of("operations", i)));
            } else if (o.after().isNegative() || o.after().compareTo(measure) >= 0) {
                problems.add(new Problem("operations", at + ".after " + DurationParser.format(o.after()) + " is not within the "
                        + "measurement (testDuration " + DurationParser.format(measure) + "): operations start from 0s up to the end "
                        + "of the measurement", List.of("operations", i, "after")));
            } else {
                Integer other = firstAt.putIfAbsent(o.after(), i);
                if (other != null) {
                    problems.add(new Problem("operations", at + " and operations[" + other + "] both start at "
                            + DurationParser.format(o.after()) + ": operations run one after another, each until the cluster "
                            + "says it is done; give them different times", List.of("operations", i, "after")));
                }
            }
            if (o.timeout() != null && (o.timeout().isNegative() || o.timeout().isZero())) {
                problems.add(new Problem("operations", at + ".timeout must be positive, e.g. 10m", List.of("operations", i, "timeout")));
            }
            int index = i;
            kind.ifPresent(k -> checkKind(w, o, k, at, index, problems));
        }
    }

    private static void checkKind(Workload w, OperationSpec o, Kind k, String at, int i, List<Problem> problems) {
        Set<String> takes = TAKES.get(k);
        FIELDS.forEach((name, value) -> {
            if (value.apply(o) != null && !takes.contains(name)) {
                problems.add(new Problem("operations", at + ": " + k.label() + " takes no " + name + " (it takes "
                        + (takes.isEmpty() ? "only after and timeout" : String.join(", ", takes.stream().sorted().toList()) + ", after and timeout")
                        + ")", List.of("operations", i, name)));
            }
        });
        brokerIds(o.brokers(), at + ".brokers", i, "brokers", problems);
        brokerIds(o.from(), at + ".from", i, "from", problems);
        if (o.broker() != null && o.broker() < 0) {
            problems.add(new Problem("operations", at + ".broker must be a broker id, 0 or more, got " + o.broker(),
                    List.of("operations", i, "broker")));
        }
        if (o.share() != null && (o.share() <= 0 || o.share() > 1 || o.share().isNaN())) {
            problems.add(new Problem("operations", at + ".share must be above 0 and at most 1 (the share of the partitions "
                    + "moved), got " + o.share(), List.of("operations", i, "share")));
        }
        if (o.throttleMBPerSecond() != null && !(o.throttleMBPerSecond() >= MIN_THROTTLE_MB_PER_SECOND)) {
            problems.add(new Problem("operations", String.format(Locale.ROOT, "%s.throttleMBPerSecond %s is under %.0f MB/s: a "
                    + "replication throttle that low would not let a real partition move; give 1 or more, or leave it out for "
                    + "none", at, o.throttleMBPerSecond(), MIN_THROTTLE_MB_PER_SECOND), List.of("operations", i, "throttleMBPerSecond")));
        }
        if (o.pause() != null && o.pause().isNegative()) {
            problems.add(new Problem("operations", at + ".pause must not be negative", List.of("operations", i, "pause")));
        }
        if (o.topics() != null && (o.topics().isEmpty() || o.topics().stream().anyMatch(t -> t == null || t.isBlank()))) {
            problems.add(new Problem("operations", at + ".topics must name topics (leave it out for the run's own)",
                    List.of("operations", i, "topics")));
        }
        switch (k) {
            case REASSIGN_PARTITIONS -> {
                if (o.brokers() != null && o.from() != null && !disjoint(o.brokers(), o.from())) {
                    problems.add(new Problem("operations", at + ": brokers (moved onto) and from (moved off) share a broker",
                            List.of("operations", i)));
                }
            }
            case REMOVE_BROKER -> {
                if (o.broker() == null) {
                    problems.add(new Problem("operations", at + ".broker is missing: the id of the broker to remove, e.g. 4",
                            List.of("operations", i)));
                }
            }
            case ADD_PARTITIONS -> checkAddPartitions(w, o, at, i, problems);
            case ALTER_CONFIG -> checkAlterConfig(o, at, i, problems);
            default -> { }
        }
    }

    private static void checkAddPartitions(Workload w, OperationSpec o, String at, int i, List<Problem> problems) {
        if (o.partitions() == null) {
            problems.add(new Problem("operations", at + ".partitions is missing: the partition count each topic grows to",
                    List.of("operations", i)));
        } else if (o.topics() == null && w.partitionsPerTopic() != null && o.partitions() <= w.partitionsPerTopic()) {
            problems.add(new Problem("operations", String.format(Locale.ROOT, "%s.partitions %d is not more than the %d the run's "
                    + "topics have (partitionsPerTopic): a topic can only grow, give more than %d", at, o.partitions(),
                    w.partitionsPerTopic(), w.partitionsPerTopic()), List.of("operations", i, "partitions")));
        } else if (o.partitions() < 2) {
            problems.add(new Problem("operations", at + ".partitions must be at least 2, got " + o.partitions(),
                    List.of("operations", i, "partitions")));
        }
    }

    private static void checkAlterConfig(OperationSpec o, String at, int i, List<Problem> problems) {
        if (o.configs() == null || o.configs().isEmpty()) {
            problems.add(new Problem("operations", at + ".configs is missing: the configs to set, e.g. {min.insync.replicas: 2}",
                    List.of("operations", i)));
        } else if (o.configs().entrySet().stream().anyMatch(e -> e.getKey() == null || e.getKey().isBlank() || e.getValue() == null)) {
            problems.add(new Problem("operations", at + ".configs: every config needs a name and a value",
                    List.of("operations", i, "configs")));
        }
        String scope = o.scope() == null ? "topic" : o.scope();
        if (!SCOPES.contains(scope)) {
            problems.add(new Problem("operations", at + ".scope '" + o.scope() + "' is unknown; allowed: " + String.join(", ", SCOPES)
                    + " (cluster: the default of every broker)", List.of("operations", i, "scope")));
        } else if (scope.equals("broker") != (o.broker() != null)) {
            problems.add(new Problem("operations", at + (scope.equals("broker") ? ".broker is missing: scope broker changes one "
                    + "broker's config, give its id" : ": broker is only for scope broker"), List.of("operations", i)));
        } else if (!scope.equals("topic") && o.topics() != null) {
            problems.add(new Problem("operations", at + ": topics are only for scope topic", List.of("operations", i, "topics")));
        }
    }

    private static void brokerIds(List<Integer> ids, String at, int i, String field, List<Problem> problems) {
        if (ids == null) {
            return;
        }
        if (ids.isEmpty() || ids.stream().anyMatch(b -> b == null || b < 0)) {
            problems.add(new Problem("operations", at + " must list broker ids, 0 or more", List.of("operations", i, field)));
        } else if (new HashSet<>(ids).size() != ids.size()) {
            problems.add(new Problem("operations", at + " names a broker twice", List.of("operations", i, field)));
        }
    }

    private static boolean disjoint(List<Integer> a, List<Integer> b) {
        List<Integer> both = new ArrayList<>(a);
        both.retainAll(b);
        return both.isEmpty();
    }
}
