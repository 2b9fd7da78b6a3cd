package io.kbench.features.operations;

import io.kbench.driver.ClusterOperations;
import io.kbench.features.FaultApplier;
import io.kbench.features.Feature;
import io.kbench.features.ReportParts;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.util.Errors;
import io.kbench.workload.OperationSpec;
import io.kbench.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Operations under load: rolling restarts, reassignments, scale-outs, partitions added and config changes made during
 * the measurement, through the cluster's admin interface, each judged against as long just before it, and everything
 * changed put back when the run ends (or by {@code bin/benchmark recover} after a crash).
 */
public final class OperationsFeature implements Feature {

    static final String NAME = "operations";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("operations", Operations.class));
    }

    /** The brokers the operations name must be in the cluster, asked through its admin interface before anything runs. */
    @Override
    public List<String> clusterProblems(Workload workload, FaultApplier cluster) {
        if (workload.operations().isEmpty()) {
            return List.of();
        }
        List<Integer> brokers;
        try {
            Optional<ClusterOperations> admin = cluster.operations();
            if (admin.isEmpty()) {
                return List.of("operations need the cluster's admin interface, and the driver has none");
            }
            brokers = admin.get().brokerIds();
        } catch (RuntimeException e) {
            return List.of("operations need the cluster's admin interface: " + Errors.describeForUser(e));
        }
        List<String> problems = new ArrayList<>();
        List<OperationSpec> ops = workload.operations();
        for (int i = 0; i < ops.size(); i++) {
            OperationSpec o = ops.get(i);
            List<Integer> named = new ArrayList<>();
            if (o.brokers() != null) {
                named.addAll(o.brokers());
            }
            if (o.from() != null) {
                named.addAll(o.from());
            }
            if (o.broker() != null) {
                named.add(o.broker());
            }
            // Brokers an earlier add-broker starts (the next ids) may be named too.
            int highest = brokers.stream().mapToInt(Integer::intValue).max().orElse(0);
            int added = addedBefore(ops, i);
            for (Integer b : named) {
                if (!brokers.contains(b) && !(b > highest && b <= highest + added)) {
                    problems.add(String.format(Locale.ROOT, "operations[%d] (%s) names broker %d, which the cluster does not have: its "
                            + "brokers are %s", i, o.describe(), b, brokers));
                }
            }
        }
        return problems;
    }

    /** How many brokers the add-broker operations before {@code index} start. */
    private static int addedBefore(List<OperationSpec> ops, int index) {
        return (int) ops.subList(0, index).stream().filter(o -> o.kind() == OperationSpec.Kind.ADD_BROKER).count();
    }

    /** Operations are judged on the periods the result keeps: periods of 10 s are too coarse for one of seconds. */
    @Override
    public List<String> preface(Workload workload) {
        if (workload.operations().isEmpty() || (workload.sampleRateMillis() != null && workload.sampleRateMillis() <= 2_000)) {
            return List.of();
        }
        return List.of("Note: the operations are judged on the periods the result keeps, 10 s long unless --sample-interval "
                + "says otherwise: for windows of a second, set sampleRateMillis: 1000 in the workload (or --sample-interval 1s)");
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        return run.spec().events().operations().isEmpty() ? Optional.empty() : Optional.of(new OperationsRun(run, NAME));
    }

    @Override
    public Class<?> undoType() {
        return Undo.class;
    }

    @Override
    public String undo(Object undo, ClusterOperations cluster) {
        return ((Undo) undo).apply(cluster);
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        Operations ops = run.section(Operations.class);
        if (ops == null) {
            return;
        }
        OperationsText.summary(ops, run.sectionJson("integrity")).forEach(l -> lines.line(SummaryLines.Slot.CONSUMERS, l));
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        Operations ops = run.section(Operations.class);
        if (ops != null) {
            OperationsReport.add(ops, parts);
        }
    }
}
