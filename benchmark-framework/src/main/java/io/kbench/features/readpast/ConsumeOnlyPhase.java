package io.kbench.features.readpast;

import io.kbench.driver.TopicOffsets;
import io.kbench.features.FeaturePhase;
import io.kbench.features.PhaseContext;
import io.kbench.features.PhaseOutcome;
import io.kbench.model.Phase;
import io.kbench.workload.PastReads;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * A consume-only run of existing topics, measured as kafka-consumer-perf-test measures one: from the consumers'
 * creation (their group join included) until every group has read up to the end offsets seen at the start, or for the
 * test duration when the workload gives one. Groups that read nothing new for the drain timeout end it early, with a
 * warning (a topic whose last offsets hold transaction markers or compacted records ends so).
 */
final class ConsumeOnlyPhase implements FeaturePhase {

    private final ReadingRun run;

    ConsumeOnlyPhase(ReadingRun run) {
        this.run = run;
    }

    @Override
    public PhaseOutcome run(PhaseContext context) {
        Map<String, TopicOffsets> start = run.offsets(context);
        PastReads past = run.past;
        long span = run.readers().stream().mapToLong(g -> start.containsKey(g.topic) ? start.get(g.topic).span() : 0).sum();
        run.recordsToRead = past.from() == PastReads.From.EARLIEST ? span : null;
        Duration limit = run.spec.length().measure();
        Map<String, Double> before = context.clusterMetrics();
        context.startPhase(Phase.MEASURE, String.format(Locale.ROOT, "Reading what %d existing topic(s) hold, from %s%s, %s...",
                run.readTopics.size(), past.fromText(), past.from() == PastReads.From.EARLIEST
                        ? String.format(Locale.ROOT, " (%,d records between the earliest and end offsets, over %d group(s))", span,
                        run.readers().size()) : "",
                limit.isZero() ? "until every group reaches the end offsets seen now" : "for " + limit.toSeconds() + " s"),
                new LagNote(run));
        context.resetStats(); // measured from the consumers' creation, their join included, as kafka-consumer-perf-test
        run.readersStart(context.clock().epochMicros() / 1_000, start);
        context.line(String.format(Locale.ROOT, "Creating %d consumer(s) in %d consumer group(s)...", run.layout.pastReaders().size(),
                run.readers().size()));
        long joined = context.startConsumers(run.layout.pastReaders(), run.layout.partitionsOf(run.layout.pastReaders()));
        context.line(String.format(Locale.ROOT, "  every partition assigned after %,d ms", joined));
        Progress progress = new Progress(context, start, limit.isZero());
        boolean reached = context.runUntil(Phase.MEASURE, s -> progress.check(), limit.isZero() ? null : limit);
        progress.check();
        run.endedBy = !limit.isZero() ? "test duration" : progress.stalled ? "no progress" : reached ? "end offsets" : "test duration";
        if (progress.stalled) {
            context.warn(String.format(Locale.ROOT, "the groups read nothing new for %d s and are %,d records short of the end offsets "
                    + "seen at the start (offsets holding transaction markers or compacted records are never read): the reading "
                    + "ended there", context.drainTimeout().toSeconds(), progress.short_));
        }
        run.remoteTier(before, context.clusterMetrics());
        context.line(String.format(Locale.ROOT, "Read %,d records (%s) in all groups; %s", run.readerRecords(),
                mb(run.readers().stream().mapToLong(GroupLedger::bytes).sum()), switch (run.endedBy) {
                    case "end offsets" -> "every group reached the end offsets seen at the start";
                    case "no progress" -> "stopped: no progress";
                    default -> "the test duration is over";
                }));
        return PhaseOutcome.of(null);
    }

    static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.2f MB", bytes / 1_048_576.0);
    }

    /** Polls the groups; true once each has read up to the end offsets seen at the start (when the run ends there). */
    private final class Progress {
        private final PhaseContext context;
        private final Map<String, TopicOffsets> ends;
        private final boolean untilEnds;
        private long lastRecords = -1;
        private long lastChangeNanos;
        boolean stalled;
        long short_;

        Progress(PhaseContext context, Map<String, TopicOffsets> ends, boolean untilEnds) {
            this.context = context;
            this.ends = ends;
            this.untilEnds = untilEnds;
            this.lastChangeNanos = context.clock().nanoTime();
        }

        boolean check() {
            run.poll(context);
            Map<String, TopicOffsets> now = run.offsets(context);
            long nowMillis = context.clock().epochMicros() / 1_000;
            run.recordLags(nowMillis, now);
            boolean all = true;
            long missing = 0;
            for (GroupLedger g : run.readers()) {
                TopicOffsets end = ends.get(g.topic);
                TopicOffsets current = now.get(g.topic);
                if (end == null || current == null) {
                    continue;
                }
                if (!g.reached(end, current)) {
                    all = false;
                    missing += g.lagOf(end);
                }
            }
            short_ = missing;
            long records = run.readerRecords();
            long t = context.clock().nanoTime();
            if (records != lastRecords) {
                lastRecords = records;
                lastChangeNanos = t;
            }
            if (untilEnds && !all && t - lastChangeNanos >= context.drainTimeout().toNanos()) {
                stalled = true;
                return true;
            }
            return untilEnds && all;
        }
    }
}
