package io.kbench.features.timeline;

import io.kbench.features.Feature;
import io.kbench.features.ReportParts;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.workload.Length;
import java.util.List;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * The run's timeline: the clients' GC pauses (each worker listens to its JVM's collectors), retention removing messages
 * from the run's partitions (their start offsets polled through the admin interface, so on any cluster), the brokers'
 * own GC pauses and segment deletions (on a cluster the run started, whose broker JVMs watch themselves), and the
 * measurement's latency spikes attributed to what coincided with them. Every timed run gets it.
 */
public final class TimelineFeature implements Feature {

    @Override
    public String name() {
        return "timeline";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("timeline", Timeline.class));
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        // A search measures many short steps, each at its own rate: no one measurement whose spikes to attribute.
        if (!(run.spec().length() instanceof Length.Timed) || run.spec().rateDiscovery()) {
            return Optional.empty();
        }
        return Optional.of(new TimelineRun(run));
    }

    @Override
    public Optional<WorkerPart> onWorker(WorkerSetupView run) {
        GcWatch watch = GcWatch.start(run.clock(), run.workerId(), GcPauses.KEPT);
        return Optional.of(new WorkerPart() {
            @Override
            public GcPauses findings(ToIntFunction<String> liveMembers) {
                watch.close(); // the load is over: what follows (closing, a full GC for the memory figures) is not the run's
                return watch.pauses();
            }
        });
    }

    @Override
    public Class<?> findingsType() {
        return GcPauses.class;
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        Timeline t = run.section(Timeline.class);
        if (t != null && run.measurement() != null) {
            TimelineText.lines(t, run.sectionJson("drift")).forEach(l -> lines.line(SummaryLines.Slot.CLOSING, l));
        }
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        Timeline t = run.section(Timeline.class);
        if (t != null) {
            parts.summaryRow("Timeline", TimelineText.spikes(t) + ". " + TimelineText.retention(t) + ". "
                    + String.join(". ", TimelineText.brokers(t)), "");
        }
    }
}
