package io.kbench.features.operations;

import io.kbench.driver.ClusterOperations;
import io.kbench.driver.PartitionHealth;
import io.kbench.features.RunControl;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.RunView;
import io.kbench.model.Diagnosis;
import io.kbench.model.PeriodSummary;
import io.kbench.model.ResultSection;
import io.kbench.stats.LatencyHistograms;
import io.kbench.util.Errors;
import io.kbench.workload.OperationSpec;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.TopicLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The operations' part in one run, on the coordinator: from the load's start it polls the partitions' health, keeps the
 * periods for the impact windows, runs the operations from the measurement's start, and when the phases end puts back
 * what they changed (and waits, bounded, for replicas moved back). Without the cluster's admin interface nothing runs
 * and every operation says why.
 */
final class OperationsRun implements RunPart {

    /** How often the partitions' health is polled. */
    static final long HEALTH_INTERVAL_NANOS = 1_000_000_000L;
    /** How long the run's end waits for replicas moved back. */
    static final long MOVE_BACK_TIMEOUT_NANOS = 120_000_000_000L;

    private final RunSetup run;
    private final String feature;
    private final ImpactWindows windows = new ImpactWindows(0);
    private RunControl control;
    private ClusterOperations cluster;
    private String unavailable;
    private HealthPoller health;
    private ChangeLog changes;
    private OperationRunner runner;
    private long measureEndElapsedMicros = -1;
    private List<Ran> ran = List.of();
    private final List<String> putBack = new ArrayList<>();
    private Map<String, String> putBackByKey = Map.of();

    OperationsRun(RunSetup run, String feature) {
        this.run = run;
        this.feature = feature;
    }

    private List<OperationSpec> operations() {
        return run.spec().events().operations();
    }

    @Override
    public void loadStarted(RunControl control) {
        this.control = control;
        List<String> topics = run.layout().topics().stream().map(t -> t.name()).toList();
        try {
            cluster = control.faults().operations().orElse(null);
            if (cluster == null) {
                unavailable = "the driver has no admin interface for operations";
            }
        } catch (RuntimeException e) {
            unavailable = "could not reach the cluster's admin interface: " + Errors.describeForUser(e);
        }
        if (cluster == null) {
            control.line("OPERATIONS will not run: " + unavailable);
            return;
        }
        changes = new ChangeLog(control, feature);
        Map<String, List<String>> groups = groupsByTopic(run.layout());
        health = new HealthPoller(cluster, topics, groups.values().stream().flatMap(List::stream).distinct().toList(), control.clock(),
                control.loadStartNanos(), HEALTH_INTERVAL_NANOS);
        health.start();
        runner = new OperationRunner(operations(), control, cluster, control.faults().startedCluster(), changes, topics, groups);
    }

    /** The run's consumer groups by the topic each reads: a subscription is a group; share groups are not consumer groups. */
    static Map<String, List<String>> groupsByTopic(TopicLayout layout) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (ConsumerSpec c : layout.consumers()) {
            List<String> groups = out.computeIfAbsent(c.topic(), t -> new ArrayList<>());
            if (!c.plan().share() && !groups.contains(c.subscription())) {
                groups.add(c.subscription());
            }
        }
        return out;
    }

    @Override
    public void sampled(PeriodSummary period, List<LatencyHistograms> workerLatencies) {
        windows.add(period, workerLatencies);
    }

    @Override
    public void measurementStarted() {
        if (runner != null) {
            runner.start(control.clock().nanoTime());
        }
    }

    @Override
    public void measurementEnded() {
        measureEndElapsedMicros = (control.clock().nanoTime() - control.loadStartNanos()) / 1_000;
        if (runner != null) {
            runner.endMeasurement();
        }
    }

    @Override
    public void phasesEnded() {
        if (runner == null) {
            ran = operations().stream().map(o -> Ran.notRun(o, "not run: " + (unavailable == null ? "the load never started" : unavailable)))
                    .toList();
            return;
        }
        ran = runner.stop();
        putBackByKey = changes.putBackAll(cluster);
        if (!putBackByKey.isEmpty()) {
            control.line("Putting back what the operations changed:");
            putBackByKey.values().forEach(l -> control.line("  " + l));
            putBack.addAll(putBackByKey.values());
        }
        if (putBackByKey.values().stream().anyMatch(l -> l.startsWith("started moving"))) {
            putBack.add(awaitMovedBack());
        }
        health.stop();
    }

    /** Waits, bounded, until the replicas moved back are in place, and says so. */
    private String awaitMovedBack() {
        long start = control.clock().nanoTime();
        long nextSay = start + OperationRunner.PROGRESS_EVERY_NANOS;
        List<String> topics = run.layout().topics().stream().map(t -> t.name()).toList();
        while (control.clock().nanoTime() - start < MOVE_BACK_TIMEOUT_NANOS) {
            PartitionHealth h = health.pollOnce();
            if (h != null && control.clock().nanoTime() >= nextSay) {
                control.line(String.format(java.util.Locale.ROOT, "  moving back: %d partition(s) still moving, %d under-replicated "
                        + "(waiting %d s at most)", h.reassigning(), h.underReplicated(), MOVE_BACK_TIMEOUT_NANOS / 1_000_000_000L));
                nextSay = control.clock().nanoTime() + OperationRunner.PROGRESS_EVERY_NANOS;
            }
            if (h != null && h.reassigning() == 0 && h.underReplicated() == 0) {
                String line = String.format(java.util.Locale.ROOT, "the replicas are back where they were before the run, after %.1f s",
                        (control.clock().nanoTime() - start) / 1e9);
                control.line("  " + line);
                return line;
            }
            try {
                control.clock().parkUntil(control.clock().nanoTime() + 500_000_000L);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        String line = "the replicas were still moving back after " + MOVE_BACK_TIMEOUT_NANOS / 1_000_000_000L + " s (topics "
                + String.join(", ", topics) + "): the cluster goes on moving them";
        control.line("  " + line);
        return line;
    }

    @Override
    public Optional<Diagnosis> limit(RunView view) {
        return OperationImpact.judge(view.section(Operations.class));
    }

    @Override
    public Optional<ResultSection> section(RunFindings findings) {
        List<OperationEntry> entries = new ArrayList<>();
        for (Ran r : ran) {
            entries.add(OperationEntries.of(r, windows, health == null ? GroupEpochs.NONE : health.epochs(), measureEndElapsedMicros,
                    putBackByKey));
        }
        List<HealthPoint> points = health == null ? List.of() : health.points();
        return Optional.of(new Operations(entries, points, health == null ? 0 : health.failedPolls(),
                points.stream().mapToInt(HealthPoint::underReplicated).max().orElse(0),
                points.stream().mapToInt(HealthPoint::offline).max().orElse(0), putBack));
    }
}
