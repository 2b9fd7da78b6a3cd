package io.kbench.features.consumerevents;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.driver.MessageStamp;
import io.kbench.features.ConsumerListener;
import io.kbench.features.Feature;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.plan.ConsumerSpec;
import io.kbench.time.BenchmarkClock;
import io.kbench.features.ReportParts;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.page.Fmt;
import io.kbench.page.TableSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;
import java.util.Locale;

/** Consumers joining, leaving, crashing or restarting during the measurement, and what each event cost. */
public final class ConsumerEventsFeature implements Feature {

    @Override
    public String name() {
        return "consumerevents";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("consumerEvents", ConsumerEvents.class));
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        return run.spec().events().consumerEvents().isEmpty() ? Optional.empty() : Optional.of(new ConsumerEventsRun(run.spec()));
    }

    /** When each partition was consumed, kept only in runs with consumer events (it costs a lock per record). */
    @Override
    public Optional<WorkerPart> onWorker(WorkerSetupView run) {
        return Optional.of(new WorkerPart() {
            private final Map<String, PartitionActivity> activity = new LinkedHashMap<>();

            @Override
            public synchronized ConsumerListener listen(ConsumerSpec spec) {
                if (!spec.plan().rereadsExpected()) {
                    return null;
                }
                PartitionActivity tracked = activity.computeIfAbsent(spec.subscription(), PartitionActivity::new);
                BenchmarkClock clock = run.clock();
                return new ConsumerListener() {
                    @Override
                    public void onRecord(int partition, long position, MessageStamp stamp, long receivedNanos) {
                        tracked.onConsumed(partition, clock.epochMicrosAt(receivedNanos));
                    }

                    @Override
                    public void onSettled(int partition, MessageStamp stamp, int deliveryCount, long receivedNanos) {
                        tracked.onConsumed(partition, clock.epochMicrosAt(receivedNanos));
                    }
                };
            }

            @Override
            public synchronized ActivityFindings findings(ToIntFunction<String> liveMembers) {
                return new ActivityFindings(activity.values().stream().map(PartitionActivity::track).toList());
            }
        });
    }

    @Override
    public Class<?> findingsType() {
        return ActivityFindings.class;
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        ConsumerEvents events = run.section(ConsumerEvents.class);
        if (events != null) {
            events.lines().forEach(l -> lines.line(SummaryLines.Slot.CONSUMERS, l));
        }
    }

    /**
     * One table per consumer event: what was done, to which group (with its protocol when the run recorded it), and what
     * it cost; and a mark on the time series for each applied event.
     */
    @Override
    public void report(RunView run, ReportParts parts) {
        ConsumerEvents events = run.section(ConsumerEvents.class);
        if (events == null) {
            return;
        }
        List<ConsumerEvents.Impact> list = events.events();
        for (int i = 0; i < list.size(); i++) {
            ConsumerEvents.Impact e = list.get(i);
            String what = e.action().label();
            e.attempt().ifPresent(at -> parts.mark(at.elapsedMicros() / 1e6, "consumer event: " + what));
            TableSpec t = new TableSpec(String.format(Locale.ROOT, "Consumer events: %d. %s at %.1f s", i + 1, what,
                    e.plannedAfterMillis() / 1e3), List.of("figure", "value"));
            if (e.subscription() != null) {
                String membership = membership(run.sectionJson("consumerGroups"), e.subscription());
                t.row(List.of("subscription", e.subscription() + (membership == null ? "" : ": " + membership)));
            }
            t.row(List.of("outcome", e.outcome()));
            if (e instanceof ConsumerEvents.Impact.Applied applied) {
                costRows(applied.cost(), t);
            }
            parts.table(t);
        }
    }

    private static void costRows(ConsumerEvents.Cost c, TableSpec t) {
        Optional<ConsumerEvents.Gaps> gaps = c.gaps();
        t.row(List.of("time to stable assignment (ms)", c.timeToStableMillis().isEmpty() ? "not stable before the next event or "
                + "the end" : Fmt.grouped(c.timeToStableMillis().getAsLong(), 0)));
        t.row(List.of("longest time a partition went unconsumed (ms)", gaps.isEmpty() || gaps.get().longestMillis().isEmpty() ? "—"
                : Fmt.grouped(gaps.get().longestMillis().getAsLong(), 0) + " (partition " + partition(gaps.get()) + ")"));
        t.row(List.of("the same in the 5 s before (ms)", gaps.map(g -> Fmt.grouped(g.baselineLongestMillis(), 0)).orElse("—")));
        t.row(List.of("partitions paused (≥ 0.1 s and 3 × the longest pause before)",
                gaps.map(g -> g.partitionsPaused() + " of " + g.partitions()).orElse("—")));
        t.row(List.of("consumed (msg/s) before → during", Fmt.grouped(c.consumedPerSecondBefore(), 1) + " → "
                + Fmt.grouped(c.consumedPerSecondDuring(), 1) + (c.duringToBeforeRatio().isEmpty() ? ""
                : String.format(Locale.ROOT, " (%.0f%%)", 100 * c.duringToBeforeRatio().getAsDouble()))));
        t.row(List.of("end-to-end p99 (ms) before → peak", Fmt.ms(c.p99BeforeMicros() / 1e3) + " → "
                + Fmt.ms(c.p99PeakMicros() / 1e3)));
        t.row(List.of("spike width (ms, p99 above twice before)", Fmt.grouped(c.spikeWidthMillis(), 0)));
    }

    /** "3", or "null" as the report printed a partition not known. */
    private static String partition(ConsumerEvents.Gaps g) {
        return g.longestPartition().isPresent() ? Integer.toString(g.longestPartition().getAsInt()) : "null";
    }

    /**
     * How the group's members were made ("consumer (default), dynamic members"), from the consumer groups' section when the
     * run has one; read as JSON, so this feature does not depend on that one's types.
     */
    static String membership(JsonNode groups, String group) {
        if (groups == null) {
            return null;
        }
        for (JsonNode g : groups) {
            if (group.equals(g.path("group").asText())) {
                return g.path("protocol").asText() + " (" + g.path("protocolSource").asText() + "), "
                        + (g.path("staticMembership").asBoolean() ? "static" : "dynamic") + " members";
            }
        }
        return null;
    }
}
