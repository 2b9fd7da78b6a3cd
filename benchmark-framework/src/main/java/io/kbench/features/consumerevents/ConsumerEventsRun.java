package io.kbench.features.consumerevents;

import io.kbench.features.RunControl;
import io.kbench.features.RunFailedException;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.ResultSection;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.TopicLayout;
import io.kbench.workload.ConsumerEventSpec;
import io.kbench.workload.spec.RunSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The coordinator's side of consumer events: what each event does to the workers' consumers of the
 * subscription it names (by number among the first topic's subscriptions, the first by default), when that
 * subscription's assignment counts as stable again, and the events' section of the result once the workers
 * have reported when each partition was consumed.
 */
final class ConsumerEventsRun implements RunPart {

    private final RunSpec spec;
    private RunControl control;
    /** The first consumer of each of the first topic's subscriptions, by the subscription's number. */
    private List<ConsumerSpec> subscriptions;
    private int partitions;
    private boolean share;
    private final Map<String, Integer> nextIndex = new HashMap<>();
    private final Map<String, Integer> members = new HashMap<>();
    /** The subscription of the event being applied or watched (the runner applies one at a time). */
    private volatile ConsumerSpec current;
    private ConsumerEventRunner runner;
    private List<EventRecord> records = List.of();

    ConsumerEventsRun(RunSpec spec) {
        this.spec = spec;
    }

    /** @throws RunFailedException when an event names a worker or a subscription the run does not have */
    @Override
    public void loadStarted(RunControl run) {
        this.control = run;
        TopicLayout layout = run.layout();
        ConsumerSpec first = layout.consumers().get(0);
        Map<String, ConsumerSpec> bySubscription = new LinkedHashMap<>();
        layout.consumers().stream().filter(c -> c.topic().equals(first.topic())).forEach(c -> bySubscription.putIfAbsent(c.subscription(), c));
        subscriptions = List.copyOf(bySubscription.values());
        partitions = layout.topics().stream().filter(t -> t.name().equals(first.topic())).findFirst().orElseThrow().partitions();
        share = first.plan().share();
        current = first;
        for (ConsumerSpec c : subscriptions) {
            nextIndex.put(c.subscription(), spec.topology().consumersPerSubscription());
            members.put(c.subscription(), spec.topology().consumersPerSubscription());
        }
        int workers = run.workerIds().size();
        List<ConsumerEventSpec> events = spec.events().consumerEvents();
        for (int i = 0; i < events.size(); i++) {
            ConsumerEventSpec e = events.get(i);
            if (e.kind() == ConsumerEventSpec.Kind.WORKER_RESTART && e.worker() != null && e.worker() >= workers) {
                throw new RunFailedException(String.format(Locale.ROOT, "consumerEvents[%d]: worker-restart of worker %d, but the run "
                        + "has %d worker(s) (0 to %d)", i, e.worker(), workers, workers - 1));
            }
            if (e.subscriptionOrDefault() >= subscriptions.size()) { // the workload's checks refuse it earlier
                throw new RunFailedException(String.format(Locale.ROOT, "consumerEvents[%d].subscription %d, but the run has %d "
                        + "subscription(s) (0 to %d)", i, e.subscriptionOrDefault(), subscriptions.size(), subscriptions.size() - 1));
            }
        }
        runner = new ConsumerEventRunner(events, this::apply, this::stable, run.clock(), run.loadStartNanos(), run::line);
    }

    @Override
    public void measurementStarted() {
        runner.start(control.clock().nanoTime());
    }

    @Override
    public void measurementEnded() {
        runner.endMeasurement();
    }

    @Override
    public void phasesEnded() {
        records = runner == null ? List.of() : runner.stop();
    }

    private String apply(ConsumerEventSpec e) {
        ConsumerSpec on = subscriptions.get(e.subscriptionOrDefault());
        current = on;
        String group = on.subscription();
        switch (e.kind()) {
            case CONSUMER_JOIN -> {
                List<ConsumerSpec> specs = new ArrayList<>();
                for (int i = 0; i < e.countOrDefault(); i++) {
                    int index = nextIndex.merge(group, 1, Integer::sum) - 1;
                    specs.add(new ConsumerSpec(on.topic(), group, on.fromEnd(), TopicLayout.consumerPlan(spec, group, index)));
                }
                control.createConsumers(specs);
                int now = members.merge(group, specs.size(), Integer::sum);
                return String.format(Locale.ROOT, "%d consumer(s) joined %s (%d now)", specs.size(), group, now);
            }
            case CONSUMER_LEAVE, CONSUMER_CRASH -> {
                boolean crash = e.kind() == ConsumerEventSpec.Kind.CONSUMER_CRASH;
                int removed = control.removeConsumers(group, e.countOrDefault(), crash);
                int left = members.merge(group, -removed, Integer::sum);
                return String.format(Locale.ROOT, "%d consumer(s) of %s %s (%d left)", removed, group,
                        crash ? "abandoned without closing (crash)" : "closed gracefully", left);
            }
            case WORKER_RESTART -> {
                int index = e.worker() == null ? 0 : e.worker();
                int restarted = control.restartConsumers(index);
                return String.format(Locale.ROOT, "the %d consumer(s) of worker %s closed and came back", restarted,
                        control.workerIds().get(index));
            }
            default -> throw new IllegalStateException("unknown consumer event " + e.kind());
        }
    }

    /**
     * A consumer group is stable when its members hold every partition and each holds one (unless they outnumber
     * the partitions); a share group when every member holds one. Of the subscription of the event last applied.
     */
    private boolean stable() {
        List<Integer> counts = control.memberAssignments().getOrDefault(current.subscription(), List.of());
        boolean everyMemberHolds = counts.stream().allMatch(c -> c > 0);
        if (share) {
            return !counts.isEmpty() && everyMemberHolds;
        }
        int held = counts.stream().mapToInt(Integer::intValue).sum();
        return held == partitions && (counts.size() > partitions || everyMemberHolds);
    }

    /** The result's section; empty before the events ran. */
    @Override
    public Optional<ResultSection> section(RunFindings findings) {
        if (runner == null) {
            return Optional.empty();
        }
        List<PeriodSummary> periods = new ArrayList<>(findings.progressOf(Phase.WARMUP));
        List<PeriodSummary> measured = findings.progressOf(Phase.MEASURE);
        periods.addAll(measured);
        long end = measured.isEmpty() ? Long.MAX_VALUE : measured.get(measured.size() - 1).elapsedMicros();
        List<ActivityTrack> tracks = findings.fromWorkers(ActivityFindings.class).stream().flatMap(f -> f.tracks().stream()).toList();
        List<String> groups = records.stream().map(r -> subscriptions.get(r.subscription()).subscription()).toList();
        return Optional.of(ConsumerEvents.analyse(records, periods, tracks, groups, end));
    }
}
