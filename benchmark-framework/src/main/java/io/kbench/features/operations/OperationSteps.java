package io.kbench.features.operations;

import io.kbench.driver.ClusterOperations;
import io.kbench.driver.ConfigScope;
import io.kbench.driver.PartitionHealth;
import io.kbench.driver.ProvisionedCluster;
import io.kbench.features.RunControl;
import io.kbench.time.BenchmarkClock;
import io.kbench.config.DurationParser;
import io.kbench.page.Fmt;
import io.kbench.util.Errors;
import io.kbench.workload.OperationSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What each kind of operation does to the cluster, step by step, through its admin interface (or, to start and stop
 * brokers, the cluster the run started). Every change is journaled with how to put it back before it is made
 * ({@link ChangeLog}). Runs on the operations' thread, one operation at a time.
 */
final class OperationSteps {

    /** The cluster refused the operation's first change: nothing was changed. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final String target;

        Refused(String target, String message) {
            super(message);
            this.target = target;
        }

        String target() {
            return target;
        }
    }

    /**
     * What an operation did.
     *
     * @param doneAtNanos when the cluster said it was done, on the runner's clock, when that was before the step
     *     returned (it went on watching); null: when it returned
     * @param newPartitionsWrittenAfterMillis for add-partitions: when every new partition had been written to; else null
     * @param newPartitionsConsumedAfterMillis for add-partitions: when every group had consumed from each; else null
     */
    record Done(OperationStatus status, String target, String outcome, List<String> steps, List<String> changeKeys,
                String putBackNote, Integer partitionsMoved, Long bytesMoved, Long doneAtNanos, Long newPartitionsWrittenAfterMillis,
                Long newPartitionsConsumedAfterMillis) {

        Done(OperationStatus status, String target, String outcome, List<String> steps, List<String> changeKeys,
             String putBackNote, Integer partitionsMoved, Long bytesMoved) {
            this(status, target, outcome, steps, changeKeys, putBackNote, partitionsMoved, bytesMoved, null, null, null);
        }
    }

    private static final String[] THROTTLE_RATES = {"leader.replication.throttled.rate", "follower.replication.throttled.rate"};
    /** Topic configs that say which replicas the throttle applies to. */
    private static final String[] THROTTLED_REPLICAS = {"leader.replication.throttled.replicas", "follower.replication.throttled.replicas"};

    private final ClusterOperations cluster;
    private final Optional<ProvisionedCluster<?>> started;
    private final ChangeLog changes;
    private final List<String> runTopics;
    private final RunControl control;
    private final OperationRunner.Waits waits;
    private final Map<String, List<String>> groupsByTopic;
    private List<String> keys = new ArrayList<>();
    /** When the next operation is due, on the runner's clock: an operation that watches on after it is done stops then. */
    private long nextDueNanos = Long.MAX_VALUE;

    /** @param groupsByTopic the run's consumer groups (not share groups) by the topic each reads */
    OperationSteps(ClusterOperations cluster, Optional<ProvisionedCluster<?>> started, ChangeLog changes, List<String> runTopics,
                   Map<String, List<String>> groupsByTopic, RunControl control, OperationRunner.Waits waits) {
        this.cluster = cluster;
        this.groupsByTopic = Map.copyOf(groupsByTopic);
        this.started = started;
        this.changes = changes;
        this.runTopics = List.copyOf(runTopics);
        this.control = control;
        this.waits = waits;
    }

    /** The journal keys of the changes the last operation made (for one that failed part way). */
    List<String> keysOfLast() {
        return List.copyOf(keys);
    }

    /** @param nextDueNanos when the next operation is due, or {@link Long#MAX_VALUE} */
    Done run(OperationSpec op, Consumer<String> say, long nextDueNanos) {
        keys = new ArrayList<>();
        this.nextDueNanos = nextDueNanos;
        return switch (op.kind()) {
            case ALTER_CONFIG -> alterConfig(op, say);
            case ADD_PARTITIONS -> addPartitions(op, say);
            case ELECT_LEADERS -> electLeaders(op);
            case REASSIGN_PARTITIONS -> reassign(op, topics(op), op.brokers(), op.from(), op.share() == null ? 1 : op.share(),
                    op.keepOrDefault(), say, new ArrayList<>(), true);
            case ROLLING_RESTART -> rollingRestart(op, say);
            case ADD_BROKER -> addBroker(op, say);
            case REMOVE_BROKER -> removeBroker(op, say);
        };
    }

    private List<String> topics(OperationSpec op) {
        return op.topics() == null ? runTopics : op.topics();
    }

    private long timeoutNanos(OperationSpec op) {
        return op.timeoutOrDefault().toNanos();
    }

    // ---- configs

    private Done alterConfig(OperationSpec op, Consumer<String> say) {
        String scope = op.scope() == null ? "topic" : op.scope();
        List<ConfigScope> where = switch (scope) {
            case "broker" -> List.of(ConfigScope.broker(op.broker()));
            case "cluster" -> List.of(ConfigScope.brokerDefault());
            default -> topics(op).stream().map(ConfigScope::topic).toList();
        };
        String target = where.size() == 1 ? where.get(0).describe() : where.size() + " topics";
        List<String> steps = new ArrayList<>();
        boolean first = true;
        for (ConfigScope s : where) {
            steps.add(setConfigs(s, op.configs(), op.keepOrDefault(), first, target));
            first = false;
        }
        steps.forEach(say);
        return new Done(OperationStatus.DONE, target, String.join("; ", steps), steps, List.copyOf(keys), null, null, null);
    }

    /**
     * Sets {@code values} at {@code scope}, journaling what was there first; returns the step in words. The first change
     * of an operation that the cluster refuses is a refusal of the whole operation.
     */
    private String setConfigs(ConfigScope scope, Map<String, String> values, boolean keep, boolean firstChange, String target) {
        Map<String, String> was;
        try {
            was = cluster.configs(scope, values.keySet());
        } catch (RuntimeException e) {
            throw refusedOr(firstChange, target, "could not read the configs of " + scope.describe(), e);
        }
        Map<String, String> undo = new LinkedHashMap<>();
        values.keySet().forEach(k -> undo.put(k, was.get(k)));
        String description = changeText(scope, undo, values);
        String key = changes.before(description, new Undo.RestoreConfigs(scope.kind(), scope.name(), undo), keep);
        try {
            cluster.alterConfigs(scope, values);
        } catch (RuntimeException e) {
            changes.closed(key, "not made: " + Errors.describeForUser(e));
            throw refusedOr(firstChange, target, "could not set " + description, e);
        }
        keys.add(key);
        return description;
    }

    private static String changeText(ConfigScope scope, Map<String, String> was, Map<String, String> now) {
        StringBuilder b = new StringBuilder();
        now.forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k).append(' ')
                .append(was.get(k) == null ? "(not set)" : was.get(k)).append(" -> ").append(v));
        return b + " at " + scope.describe();
    }

    private static RuntimeException refusedOr(boolean first, String target, String what, RuntimeException e) {
        String why = Errors.describeForUser(e);
        return first ? new Refused(target, why) : new IllegalStateException(what + ": " + why, e);
    }

    // ---- topics

    private Done addPartitions(OperationSpec op, Consumer<String> say) {
        List<String> topics = topics(op);
        String target = topics.size() == 1 ? "topic " + topics.get(0) : topics.size() + " topics";
        Map<String, List<List<Integer>>> before;
        try {
            before = cluster.replicas(topics);
        } catch (RuntimeException e) {
            before = Map.of(); // which partitions are new is then not known; the growth itself is still asked
        }
        List<String> steps = new ArrayList<>();
        List<NewPartitionsPickup.Added> added = new ArrayList<>();
        boolean first = true;
        for (String t : topics) {
            try {
                cluster.addPartitions(t, op.partitions());
            } catch (RuntimeException e) {
                throw refusedOr(first, target, "could not add partitions to " + t, e);
            }
            first = false;
            steps.add("topic " + t + " grown to " + op.partitions() + " partitions");
            if (before.containsKey(t)) {
                added.add(new NewPartitionsPickup.Added(t, before.get(t).size(), op.partitions()));
            }
        }
        steps.forEach(say);
        String note = "the added partitions stay (a topic cannot shrink)";
        BenchmarkClock clock = control.clock();
        long start = clock.nanoTime();
        NewPartitionsPickup pickup = new NewPartitionsPickup(cluster, added, groupsByTopic);
        boolean consumers = !control.memberAssignments().isEmpty();
        long[] assignedAt = {consumers ? -1 : start};
        int[] held = {0};
        // Done when every group holds every partition, as before; then watched on, until the new partitions were written
        // to and consumed, the next operation is due, the timeout passes or the measurement ends.
        OperationRunner.Waits.Ended ended = waits.until(() -> new PartitionHealth(0, 0, 0, 0), h -> {
            long now = clock.nanoTime();
            if (assignedAt[0] < 0) {
                Map<String, List<Integer>> assigned = control.memberAssignments();
                held[0] = assigned.values().stream().mapToInt(counts -> counts.stream().mapToInt(Integer::intValue).sum()).min().orElse(0);
                if (held[0] >= op.partitions()) {
                    assignedAt[0] = now;
                }
            }
            boolean settled = pickup.poll(now - start);
            return assignedAt[0] >= 0 && (settled || now >= nextDueNanos);
        }, timeoutNanos(op), h -> say.accept(assignedAt[0] < 0 ? String.format(Locale.ROOT, "waiting for the consumer groups: the "
                + "group holding fewest holds %d of %d partitions", held[0], op.partitions())
                : "waiting for the producers and consumers to take up the new partitions"));
        long now = clock.nanoTime();
        if (consumers) {
            steps.add(assignedAt[0] >= 0 ? String.format(Locale.ROOT, "every consumer group was assigned all %d partitions after %.1f s",
                    op.partitions(), (assignedAt[0] - start) / 1e9)
                    : ended == OperationRunner.Waits.Ended.TIMED_OUT ? "the consumer groups were not assigned the new partitions within "
                    + DurationParser.format(op.timeoutOrDefault()) + " (consumers find new partitions when they refresh metadata: "
                    + "metadata.max.age.ms, 5 min by default)"
                    : "the measurement ended before the consumer groups were assigned the new partitions");
        }
        String stopped = now >= nextDueNanos && ended == OperationRunner.Waits.Ended.MET ? "the next operation was due"
                : ended == OperationRunner.Waits.Ended.TIMED_OUT ? "not within " + DurationParser.format(op.timeoutOrDefault())
                : "the measurement ended";
        steps.addAll(pickup.lines(stopped));
        OperationStatus status = assignedAt[0] >= 0 ? OperationStatus.DONE
                : ended == OperationRunner.Waits.Ended.TIMED_OUT ? OperationStatus.TIMED_OUT : OperationStatus.CUT_SHORT;
        return new Done(status, target, String.join("; ", steps), steps, List.of(), note, null, null,
                assignedAt[0] >= 0 ? assignedAt[0] : null, pickup.writtenAfterMillis(), pickup.consumedAfterMillis());
    }

    private Done electLeaders(OperationSpec op) {
        List<String> topics = topics(op);
        String target = topics.size() == 1 ? "topic " + topics.get(0) : topics.size() + " topics";
        int changed;
        try {
            changed = cluster.electPreferredLeaders(topics);
        } catch (RuntimeException e) {
            throw new Refused(target, Errors.describeForUser(e));
        }
        String outcome = changed == 0 ? "every leader already was the preferred one" : changed + " partition(s) moved to their preferred leader";
        return new Done(OperationStatus.DONE, target, outcome, List.of(outcome), List.of(), null, null, null);
    }

    // ---- replicas

    /**
     * Moves replicas of {@code topics} and waits until no partition is reassigning or under-replicated, with the
     * throttle (if any) set while they move and removed when done.
     */
    private Done reassign(OperationSpec op, List<String> topics, List<Integer> onto, List<Integer> off, double share, boolean keep,
                          Consumer<String> say, List<String> steps, boolean firstChange) {
        Map<String, List<List<Integer>>> current;
        List<Integer> brokers;
        String target = topics.size() == 1 ? "topic " + topics.get(0) : topics.size() + " topics";
        try {
            current = cluster.replicas(topics);
            brokers = cluster.brokerIds();
        } catch (RuntimeException e) {
            throw refusedOr(firstChange, target, "could not read the replicas", e);
        }
        Map<String, Map<Integer, List<Integer>>> plan = ReassignmentPlan.plan(current, brokers, onto, off, share);
        int moving = plan.values().stream().mapToInt(Map::size).sum();
        if (moving == 0) {
            steps.add("nothing to move: every replica already is where the operation puts it");
            return new Done(OperationStatus.DONE, target, steps.get(steps.size() - 1), steps, List.copyOf(keys), null, 0, 0L);
        }
        Long bytes = bytesToCopy(current, plan);
        Double throttle = op.throttleMBPerSecond();
        if (throttle != null) {
            long rate = Math.round(throttle * 1_048_576);
            Map<String, String> rates = ordered(THROTTLE_RATES, Long.toString(rate));
            for (Integer b : brokers) {
                steps.add(setConfigs(ConfigScope.broker(b), rates, false, firstChange, target));
                firstChange = false;
            }
            for (var t : plan.entrySet()) {
                // As Kafka's own reassignment tool does: only the moving partitions' replication is throttled, the
                // current replicas as leaders and the new ones as followers, so the topic's other traffic is not.
                Map<String, String> replicas = new LinkedHashMap<>();
                replicas.put(THROTTLED_REPLICAS[0], throttledReplicas(t.getValue(), p -> current.get(t.getKey()).get(p)));
                replicas.put(THROTTLED_REPLICAS[1], throttledReplicas(t.getValue(), p -> newOnly(t.getValue().get(p),
                        current.get(t.getKey()).get(p))));
                steps.add(setConfigs(ConfigScope.topic(t.getKey()), replicas, false, false, target));
            }
        }
        List<String> throttleKeys = List.copyOf(keys);
        Map<String, Map<Integer, List<Integer>>> back = new LinkedHashMap<>();
        plan.forEach((t, ps) -> ps.keySet().forEach(p -> back.computeIfAbsent(t, x -> new LinkedHashMap<>()).put(p, current.get(t).get(p))));
        String description = String.format(Locale.ROOT, "moving %d partition(s) of %s%s%s", moving, target,
                bytes == null ? "" : ", " + Fmt.grouped(bytes / 1_048_576.0, 1) + " MB to copy",
                throttle == null ? "" : " at most " + Fmt.grouped(throttle, 1) + " MB/s");
        String key = changes.before(description, new Undo.RestoreReplicas(back), keep);
        try {
            cluster.reassign(plan);
        } catch (RuntimeException e) {
            changes.closed(key, "not made: " + Errors.describeForUser(e));
            removeThrottle(throttleKeys);
            throw refusedOr(firstChange, target, "could not start the reassignment", e);
        }
        keys.add(key);
        say.accept(description + "...");
        long start = control.clock().nanoTime();
        OperationRunner.Waits.Ended ended = waits.until(() -> cluster.health(topics),
                h -> h.reassigning() == 0 && h.underReplicated() == 0, timeoutNanos(op),
                h -> say.accept(String.format(Locale.ROOT, "%d partition(s) still moving, %d under-replicated", h.reassigning(),
                        h.underReplicated())));
        double seconds = (control.clock().nanoTime() - start) / 1e9;
        steps.add(String.format(Locale.ROOT, "%s: %s after %.1f s", description, switch (ended) {
            case MET -> "done";
            case TIMED_OUT -> "NOT done within " + DurationParser.format(op.timeoutOrDefault());
            case CUT_SHORT -> "still moving when the measurement ended";
        }, seconds));
        if (ended == OperationRunner.Waits.Ended.MET) {
            steps.addAll(removeThrottle(throttleKeys));
        }
        OperationStatus status = ended == OperationRunner.Waits.Ended.MET ? OperationStatus.DONE
                : ended == OperationRunner.Waits.Ended.TIMED_OUT ? OperationStatus.TIMED_OUT : OperationStatus.CUT_SHORT;
        return new Done(status, target, steps.get(steps.size() - 1 - (ended == OperationRunner.Waits.Ended.MET ? throttleKeys.size() : 0)),
                steps, List.copyOf(keys), null, moving, bytes);
    }

    /** Kafka's form of throttled replicas: "partition:broker" for each broker {@code brokers} gives each moving partition. */
    private static String throttledReplicas(Map<Integer, List<Integer>> moving,
                                            java.util.function.IntFunction<List<Integer>> brokers) {
        List<String> entries = new ArrayList<>();
        moving.keySet().forEach(p -> brokers.apply(p).forEach(b -> entries.add(p + ":" + b)));
        return String.join(",", entries);
    }

    private static List<Integer> newOnly(List<Integer> next, List<Integer> old) {
        return next.stream().filter(b -> !old.contains(b)).toList();
    }

    private static Map<String, String> ordered(String[] names, String value) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String n : names) {
            m.put(n, value);
        }
        return m;
    }

    /** Removes a reassignment's throttle once it is done, as the run's end would: the configs as they were. */
    private List<String> removeThrottle(List<String> throttleKeys) {
        List<String> lines = new ArrayList<>();
        for (String k : throttleKeys) {
            lines.add(changes.putBack(k, cluster));
            keys.remove(k);
        }
        return lines;
    }

    /** Bytes the new replicas copy: each moved partition's size times the replicas it gains; null when the cluster will not say. */
    private Long bytesToCopy(Map<String, List<List<Integer>>> current, Map<String, Map<Integer, List<Integer>>> plan) {
        Map<String, List<Long>> sizes;
        try {
            sizes = cluster.partitionBytes(new ArrayList<>(plan.keySet()));
        } catch (RuntimeException e) {
            return null;
        }
        long bytes = 0;
        for (var t : ReassignmentPlan.addedReplicas(current, plan).entrySet()) {
            List<Long> s = sizes.get(t.getKey());
            if (s == null) {
                return null;
            }
            for (var p : t.getValue().entrySet()) {
                bytes += s.get(p.getKey()) * p.getValue();
            }
        }
        return bytes;
    }

    // ---- brokers (a cluster the run started)

    private ProvisionedCluster<?> owned(String what) {
        return started.orElseThrow(() -> new Refused("", what + " needs a cluster the run starts"));
    }

    private Done rollingRestart(OperationSpec op, Consumer<String> say) {
        ProvisionedCluster<?> own = owned("rolling-restart");
        List<Integer> order = op.brokers() != null ? op.brokers() : cluster.brokerIds();
        String target = order.size() + " broker(s) in the order " + order;
        List<String> steps = new ArrayList<>();
        OperationRunner.Waits.Ended ended = OperationRunner.Waits.Ended.MET;
        for (int i = 0; i < order.size(); i++) {
            int id = order.get(i);
            long t0 = control.clock().nanoTime();
            String restarted = own.restartBrokerGracefully(id);
            say.accept(restarted);
            ended = waits.until(() -> cluster.health(runTopics), h -> h.underReplicated() == 0 && h.offline() == 0, timeoutNanos(op),
                    h -> say.accept(String.format(Locale.ROOT, "waiting for broker %d's partitions: %d under-replicated, %d offline", id,
                            h.underReplicated(), h.offline())));
            double seconds = (control.clock().nanoTime() - t0) / 1e9;
            steps.add(String.format(Locale.ROOT, "broker %d: %s; %s %.1f s after its stop", id, restarted,
                    ended == OperationRunner.Waits.Ended.MET ? "no partition under-replicated" : "partitions still under-replicated",
                    seconds));
            say.accept(steps.get(steps.size() - 1));
            if (ended != OperationRunner.Waits.Ended.MET) {
                break;
            }
            if (i + 1 < order.size() && !op.pauseOrDefault().isZero() && !waits.pause(op.pauseOrDefault().toNanos())) {
                ended = OperationRunner.Waits.Ended.CUT_SHORT;
                break;
            }
        }
        OperationStatus status = ended == OperationRunner.Waits.Ended.MET ? OperationStatus.DONE
                : ended == OperationRunner.Waits.Ended.TIMED_OUT ? OperationStatus.TIMED_OUT : OperationStatus.CUT_SHORT;
        return new Done(status, target, String.format(Locale.ROOT, "%d of %d broker(s) restarted", steps.size(), order.size()), steps,
                List.of(), "nothing to put back: every broker restarted is running", null, null);
    }

    private Done addBroker(OperationSpec op, Consumer<String> say) {
        ProvisionedCluster<?> own = owned("add-broker");
        long t0 = control.clock().nanoTime();
        int id = own.addBroker();
        List<String> steps = new ArrayList<>();
        steps.add(String.format(Locale.ROOT, "broker %d started and registered after %.1f s", id, (control.clock().nanoTime() - t0) / 1e9));
        say.accept(steps.get(0));
        double share = op.share() != null ? op.share() : 1.0 / cluster.brokerIds().size();
        Done moved = reassign(op, topics(op), List.of(id), null, share, true, say, steps, false);
        return new Done(moved.status(), "broker " + id, moved.outcome(), moved.steps(), moved.changeKeys(),
                "the added broker and the partitions moved onto it stay in the cluster kbench started (removed with it)",
                moved.partitionsMoved(), moved.bytesMoved());
    }

    private Done removeBroker(OperationSpec op, Consumer<String> say) {
        ProvisionedCluster<?> own = owned("remove-broker");
        int id = op.broker();
        List<String> steps = new ArrayList<>();
        Done moved = reassign(op, runTopics, null, List.of(id), 1, true, say, steps, true);
        if (moved.status() != OperationStatus.DONE) {
            return moved;
        }
        String removed = own.removeBroker(id);
        steps.add(removed);
        say.accept(removed);
        return new Done(OperationStatus.DONE, "broker " + id, removed, steps, moved.changeKeys(),
                "the removed broker stays removed from the cluster kbench started", moved.partitionsMoved(), moved.bytesMoved());
    }
}
