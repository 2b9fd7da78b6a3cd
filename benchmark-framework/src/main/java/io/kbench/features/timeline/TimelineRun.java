package io.kbench.features.timeline;

import io.kbench.driver.ClusterOperations;
import io.kbench.driver.ProvisionedCluster;
import io.kbench.features.RunControl;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.model.Phase;
import io.kbench.model.ResultSection;
import io.kbench.util.Errors;
import java.util.List;
import java.util.Optional;

/**
 * The timeline's part in one run, on the coordinator: from the load's start to the end of the phases it polls the run's
 * partitions' start offsets and, on a cluster the run started, asks its brokers what they did ({@link BrokerWatch}); once
 * the workers report it merges their GC pauses and attributes the measurement's spikes.
 */
final class TimelineRun implements RunPart {

    /**
     * How often the start offsets are asked for each 1,000 partitions: retention deletes whole segments, seconds apart at
     * the least, and a run of many partitions should not load the cluster it measures with its own admin requests.
     */
    static final long POLL_INTERVAL_NANOS = 2_000_000_000L;
    static final int PARTITIONS_PER_INTERVAL = 1_000;

    private final RunSetup run;
    private long loadStartEpochMicros;
    private RetentionPoller poller;
    private String unknownWhy = "the load never started";
    private BrokerWatch brokerWatch;
    private String brokersNotSeenWhy = "the load never started";

    TimelineRun(RunSetup run) {
        this.run = run;
    }

    @Override
    public void loadStarted(RunControl control) {
        loadStartEpochMicros = control.clock().epochMicrosAt(control.loadStartNanos());
        watchBrokers(control);
        ClusterOperations cluster;
        try {
            cluster = control.faults().operations().orElse(null);
        } catch (RuntimeException e) {
            unknownWhy = "could not reach the cluster's admin interface: " + Errors.describeForUser(e);
            return;
        }
        if (cluster == null) {
            unknownWhy = "the driver has no admin interface";
            return;
        }
        List<String> topics = run.layout().topics().stream().map(t -> t.name()).toList();
        poller = new RetentionPoller(cluster, topics, control.clock(), control.loadStartNanos(), pollIntervalNanos(run.layout()
                .topics().stream().mapToLong(t -> t.partitions()).sum()));
        poller.start();
    }

    /** The brokers' own GC pauses and segment deletions, where the run started the cluster (only there are they seen). */
    private void watchBrokers(RunControl control) {
        ProvisionedCluster<?> started;
        try {
            started = control.faults().startedCluster().orElse(null);
        } catch (RuntimeException e) {
            brokersNotSeenWhy = "could not reach the cluster: " + Errors.describeForUser(e);
            return;
        }
        if (started == null) {
            brokersNotSeenWhy = NOT_STARTED;
            return;
        }
        brokerWatch = new BrokerWatch(started::brokerActivity, control.clock(), loadStartEpochMicros);
        brokerWatch.start();
    }

    /** Why the brokers are not seen on a cluster the run did not start. */
    static final String NOT_STARTED = "a cluster kbench did not start";

    /** 2 s up to 1,000 partitions, 2 s more for each 1,000 more (24 s at 12,000). */
    static long pollIntervalNanos(long partitions) {
        return POLL_INTERVAL_NANOS * Math.max(1, (partitions + PARTITIONS_PER_INTERVAL - 1) / PARTITIONS_PER_INTERVAL);
    }

    @Override
    public void phasesEnded() {
        if (poller != null) {
            poller.stop();
        }
        if (brokerWatch != null) {
            brokerWatch.stop();
        }
    }

    @Override
    public Optional<ResultSection> section(RunFindings findings) {
        GcPauses gc = GcPauses.merge(findings.fromWorkers(GcPauses.class));
        Retention retention = poller == null ? Retention.notKnown(unknownWhy) : poller.retention();
        Brokers brokers = brokerWatch == null ? Brokers.notSeen(brokersNotSeenWhy) : brokerWatch.brokers();
        SpikeRule.Found spikes = SpikeRule.find(findings.progressOf(Phase.MEASURE), SpikeRule.elapsed(gc.longest(), loadStartEpochMicros),
                retention.events(), brokers, loadStartEpochMicros);
        return Optional.of(new Timeline(loadStartEpochMicros, gc, retention, brokers, SpikeRule.FACTOR, SpikeRule.MIN_EXCESS_MICROS,
                SpikeRule.GC_THRESHOLD_MICROS, spikes.count(), spikes.kept()));
    }
}
