package io.kbench.coordinator;

import io.kbench.consumerevents.ActivityTrack;
import io.kbench.consumerevents.ConsumerEventRunner;
import io.kbench.consumerevents.ConsumerEvents;
import io.kbench.model.Phase;
import io.kbench.model.PeriodSummary;
import io.kbench.time.BenchmarkClock;
import io.kbench.worker.ConsumerSpec;
import io.kbench.worker.WorkerFindings;
import io.kbench.worker.WorkerGroup;
import io.kbench.workload.ConsumerEventSpec;
import io.kbench.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The coordinator's side of consumer events: what each event does to the workers' consumers of the
 * run's first subscription, when its assignment counts as stable again, and the events' section of the
 * result once the workers have reported when each partition was consumed.
 */
final class ConsumerEventPhases {

    private final WorkerGroup workers;
    private final Workload workload;
    private final ConsumerSpec first;
    private final int partitions;
    private final boolean share;
    private int nextIndex;
    private int members;
    private ConsumerEventRunner runner;
    private List<ConsumerEventRunner.EventRecord> records = List.of();

    /** @throws RunFailedException when an event names a worker the run does not have */
    ConsumerEventPhases(WorkerGroup workers, Workload workload, TopicLayout layout) {
        this.workers = workers;
        this.workload = workload;
        this.first = layout.consumers().get(0);
        this.partitions = layout.topics().stream().filter(t -> t.name().equals(first.topic())).findFirst().orElseThrow().partitions();
        this.share = first.plan().share();
        this.nextIndex = workload.consumerPerSubscription();
        this.members = workload.consumerPerSubscription();
        List<ConsumerEventSpec> events = workload.consumerEvents();
        for (int i = 0; i < events.size(); i++) {
            ConsumerEventSpec e = events.get(i);
            if (e.kind() == ConsumerEventSpec.Kind.WORKER_RESTART && e.worker() != null && e.worker() >= workers.members().size()) {
                throw new RunFailedException(String.format(Locale.ROOT, "consumerEvents[%d]: worker-restart of worker %d, but the run "
                        + "has %d worker(s) (0 to %d)", i, e.worker(), workers.members().size(), workers.members().size() - 1));
            }
        }
    }

    /** The events' runner, on the periods' time axis from {@code loadStartNanos}. */
    ConsumerEventRunner runner(BenchmarkClock clock, long loadStartNanos, Consumer<String> console) {
        runner = new ConsumerEventRunner(workload.consumerEvents(), this::apply, this::stable, clock, loadStartNanos, console);
        return runner;
    }

    /** The runner is done: keep its account. */
    void stopped() {
        records = runner == null ? List.of() : runner.stop();
    }

    private String apply(ConsumerEventSpec e) {
        String group = first.subscription();
        switch (e.kind()) {
            case CONSUMER_JOIN -> {
                List<ConsumerSpec> specs = new ArrayList<>();
                for (int i = 0; i < e.countOrDefault(); i++) {
                    specs.add(new ConsumerSpec(first.topic(), group, first.fromEnd(), TopicLayout.consumerPlan(workload, group, nextIndex++)));
                }
                workers.createConsumers(specs);
                members += specs.size();
                return String.format(Locale.ROOT, "%d consumer(s) joined %s (%d now)", specs.size(), group, members);
            }
            case CONSUMER_LEAVE, CONSUMER_CRASH -> {
                boolean crash = e.kind() == ConsumerEventSpec.Kind.CONSUMER_CRASH;
                int removed = workers.removeConsumers(group, e.countOrDefault(), crash);
                members -= removed;
                return String.format(Locale.ROOT, "%d consumer(s) of %s %s (%d left)", removed, group,
                        crash ? "abandoned without closing (crash)" : "closed gracefully", members);
            }
            case WORKER_RESTART -> {
                int index = e.worker() == null ? 0 : e.worker();
                int restarted = workers.members().get(index).restartConsumers();
                return String.format(Locale.ROOT, "the %d consumer(s) of worker %s closed and came back", restarted,
                        workers.members().get(index).id());
            }
            default -> throw new IllegalStateException("unknown consumer event " + e.type());
        }
    }

    /**
     * A consumer group is stable when its members hold every partition and each holds one (unless they outnumber
     * the partitions); a share group when every member holds one.
     */
    private boolean stable() {
        List<Integer> counts = workers.memberAssignments().getOrDefault(first.subscription(), List.of());
        boolean everyMemberHolds = counts.stream().allMatch(c -> c > 0);
        if (share) {
            return !counts.isEmpty() && everyMemberHolds;
        }
        int held = counts.stream().mapToInt(Integer::intValue).sum();
        return held == partitions && (counts.size() > partitions || everyMemberHolds);
    }

    /** The result's section, or null before the events ran. */
    ConsumerEvents section(CoordinatorJournal record, List<WorkerFindings> findings) {
        if (runner == null) {
            return null;
        }
        List<PeriodSummary> periods = new ArrayList<>(record.progressOf(Phase.WARMUP));
        List<PeriodSummary> measured = record.progressOf(Phase.MEASURE);
        periods.addAll(measured);
        long end = measured.isEmpty() ? Long.MAX_VALUE : measured.get(measured.size() - 1).elapsedMicros();
        List<ActivityTrack> tracks = findings.stream().flatMap(f -> f.activity().stream()).toList();
        return ConsumerEvents.analyse(records, periods, tracks, first.subscription(), end);
    }
}
