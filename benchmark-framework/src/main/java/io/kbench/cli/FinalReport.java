package io.kbench.cli;

import io.kbench.coordinator.Console;
import io.kbench.features.Features;
import io.kbench.features.SummaryLines;
import io.kbench.features.SummaryLines.Slot;
import io.kbench.model.ClientMetrics;
import io.kbench.model.ConsumerMetrics;
import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.model.Measurement;
import io.kbench.model.WorkerSummary;
import io.kbench.result.PerfToolFormat;
import io.kbench.result.RunOutcome;
import io.kbench.result.RunResult;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencySummary;
import io.kbench.warning.WarningSummary;
import io.kbench.workload.Workload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The summary printed when a run ends: our figures with units, then Kafka's perf-tool lines. */
final class FinalReport {

    private FinalReport() {}

    /** @param printMetrics also print every client metric, as kafka-producer-perf-test --print-metrics does */
    static void print(RunResult r, Console out, boolean printMetrics) {
        Workload w = r.identity().workload();
        RunOutcome o = r.outcome();
        FeatureLines features = FeatureLines.of(r);
        out.line("");
        out.line("=== %s on %s: %s ===", w.name(), r.identity().driverInfo().name(), o.status().label()
                + (o.failureReason() == null ? "" : " (" + o.failureReason() + ")"));
        features.print(Slot.HEADLINE, out);
        Measurement m = r.measurement();
        if (m == null) {
            out.line("Nothing was measured.");
            delivery(o.delivery(), out);
            // Without a measurement there is no limit to judge: only a finding (a stall, a lost worker) is said (issue 26).
            if (o.diagnosis().verdict() != Diagnosis.Verdict.NONE) {
                out.line(o.diagnosis().line());
            }
            features.print(Slot.CLOSING, out);
            return;
        }
        if (w.consumeOnly()) {
            out.line("Consume-only: %,d messages were prefilled before the consumers started.", w.prefillMessages());
        } else if (w.consumesExistingOnly()) {
            out.line("Consume-only: the consumers read what %d existing topic(s) hold; nothing was produced.", w.topics());
        } else {
            out.line("Window %.1f s%s: %,d messages sent in it were acknowledged; within it %,.1f msg/s, %.2f MB/s acknowledged%s; "
                    + "%,d send errors in the window.", m.windowMicros() / 1e6, w.consumerBacklogSizeGB() > 0
                    ? " (as OMB's: the backlog's build and drain, then the test duration)" : "", m.counts().messagesAcked(),
                    m.publishRate(), m.publishMBps(), requested(m), m.counts().sendErrors());
        }
        if (w.subscriptionsPerTopic() > 0) {
            out.line("Consumed %,d messages: %,.1f msg/s, %.2f MB/s.", m.counts().messagesReceived(), m.consumeRate(), m.consumeMBps());
        }
        features.print(Slot.THROUGHPUT, out);
        out.line("Latency (ms)            %9s %9s %9s %9s %9s %9s %9s  over", "avg", "p50", "p95", "p99", "p99.9", "p99.99", "max");
        if (m.counts().messagesSent() > 0) {
            row(out, "publish (ack - intended)", m.publishLatency(), "acked messages");
            row(out, "send (ack - sent)", m.sendLatency(), "acked messages");
            row(out, "schedule delay", m.scheduleDelay(), "sent messages");
        }
        if (m.endToEndLatency().count() > 0) {
            row(out, "end-to-end", m.endToEndLatency(), "consumed messages");
        }
        features.print(Slot.LATENCY, out);
        if (m.transactions() != null) {
            row(out, "transaction commit", m.transactions().commitLatency(), "commits");
            out.line(m.transactions().line());
        }
        delivery(o.delivery(), out);
        features.print(Slot.CONSUMERS, out);
        features.print(Slot.VERDICT, out);
        out.line(o.diagnosis().line());
        if (m.workers().size() > 1) {
            out.line("Per worker:");
            for (WorkerSummary ws : m.workers()) {
                out.line("  %s: pub %,.1f msg/s, cons %,.1f msg/s, pub p99 %.2f ms, cpu %.0f%% of %d cores, errors %,d",
                        ws.workerId(), ws.publishRate(), ws.consumeRate(), ws.publishLatency().p99Micros() / 1e3,
                        ws.processCpuLoad() * 100, ws.availableProcessors(), ws.sendErrors());
            }
        }
        clientCpu(m, out);
        ScaleLines.print(r, out); // issue 26: how long the topics took
        if (m.counts().messagesSent() > 0) {
            out.line("As kafka-producer-perf-test reports it (send latency):");
            out.line(PerfToolFormat.producerLine(m.counts().messagesAcked(), m.publishRate(), m.publishMBps(), m.sendLatency()));
        }
        if (w.maxInFlightMessages() != null && w.maxInFlightMessages() == 1 && m.endToEndLatency().count() > 0) {
            out.line("As Kafka's EndToEndLatency tool reports it (one message in flight):");
            for (String line : PerfToolFormat.endToEndLines(m.endToEndLatency())) {
                out.line(line);
            }
        }
        ConsumerMetrics c = r.consumer();
        if (c != null) {
            out.line("As kafka-consumer-perf-test reports it:");
            out.line(PerfToolFormat.CONSUMER_HEADER);
            out.line(PerfToolFormat.consumerLine(c));
        }
        if (printMetrics) {
            clientMetrics(r.section(ClientMetrics.class), out);
        }
        features.print(Slot.CLOSING, out);
    }

    /** The features' lines of a run's summary, by their place. */
    private static final class FeatureLines implements SummaryLines {
        private final Map<Slot, List<String>> lines = new EnumMap<>(Slot.class);

        static FeatureLines of(RunResult r) {
            FeatureLines lines = new FeatureLines();
            Features.all().forEach(f -> f.summary(r, lines));
            return lines;
        }

        @Override
        public void line(Slot slot, String text) {
            lines.computeIfAbsent(slot, k -> new ArrayList<>()).add(text);
        }

        @Override
        public void latencyRow(String name, LatencySummary latency, String over) {
            line(Slot.LATENCY, rowText(name, latency, over));
        }

        void print(Slot slot, Console out) {
            lines.getOrDefault(slot, List.of()).forEach(out::line);
        }
    }

    /**
     * Below this share of its cores, a worker's fixed costs (JIT, GC, timers, the per-period work) weigh
     * too much on its CPU per message for the figure to say what one machine handles at full CPU: a
     * container run at 100 msg/s read 1,887 µs per message, "about 1,060 msg/s", for a JVM that sends
     * 200,000 msg/s at 1.6 µs.
     */
    static final double SIZING_MIN_CPU_SHARE = 0.25;

    private static void clientCpu(Measurement m, Console out) {
        String line = clientCpuLine(m.workers());
        if (line != null) {
            out.line("%s", line);
        }
    }

    /**
     * What the clients cost per message, for sizing the client machines of a test: the costliest
     * worker's CPU per message sent or consumed, and what one machine like it handles at full CPU when
     * it was busy enough for that to be told; null when no worker knows its CPU per message.
     */
    static String clientCpuLine(List<WorkerSummary> workers) {
        List<WorkerSummary> known = workers.stream().filter(w -> w.cpuMicrosPerMessage() != null && w.cpuMicrosPerMessage() > 0)
                .sorted(Comparator.comparingDouble(WorkerSummary::cpuMicrosPerMessage)).toList();
        if (known.isEmpty()) {
            return null;
        }
        WorkerSummary top = known.get(known.size() - 1);
        String which = known.size() == 1 ? top.workerId()
                : String.format(Locale.ROOT, "the costliest of %d workers: %s; median %.2f µs", known.size(), top.workerId(),
                        median(known));
        String cost = String.format(Locale.ROOT, "Client CPU: %.2f µs per message sent or consumed (%s)", top.cpuMicrosPerMessage(), which);
        if (top.processCpuLoad() < SIZING_MIN_CPU_SHARE) {
            return cost + String.format(Locale.ROOT, "; its JVM used %.0f%% of its %d cores, so fixed costs weigh on that figure: "
                    + "size client machines from a run at the rate you will use (docs/performance.md)",
                    100 * top.processCpuLoad(), top.availableProcessors());
        }
        double perMachine = top.availableProcessors() * 1e6 / top.cpuMicrosPerMessage();
        return cost + String.format(Locale.ROOT, ", so a %d-core client machine like it handles about %,.0f msg/s at full CPU",
                top.availableProcessors(), perMachine);
    }

    /** The median CPU per message of workers sorted by it (of an even number, the mean of the middle two). */
    private static double median(List<WorkerSummary> sorted) {
        int n = sorted.size();
        double upper = sorted.get(n / 2).cpuMicrosPerMessage();
        return n % 2 == 1 ? upper : (sorted.get(n / 2 - 1).cpuMicrosPerMessage() + upper) / 2;
    }

    /** What became of the messages, with the failures by error class. */
    private static void delivery(Delivery d, Console out) {
        if (d == null || d.sentMessages() == 0) {
            return;
        }
        out.line(d.line());
        for (ErrorCount e : d.errorsByClass()) {
            out.line("  failed: %s", e.describeInWords());
        }
    }

    /** Every client metric, combined over all clients, in kafka-producer-perf-test --print-metrics' layout. */
    private static void clientMetrics(ClientMetrics metrics, Console out) {
        if (metrics == null || metrics.values().isEmpty()) {
            out.line("The driver reported no client metrics.");
            return;
        }
        int width = metrics.values().keySet().stream().mapToInt(String::length).max().orElse(0);
        out.line("%-" + width + "s : %s", "Metric Name (sum, avg or max over all clients)", "Value");
        for (Map.Entry<String, Double> t : metrics.values().entrySet()) {
            out.line("%-" + width + "s : %.3f", t.getKey(), t.getValue());
        }
    }

    /**
     * The warnings of the Kafka clients and other libraries during the run, one line per kind with its
     * count (nothing when there were none); the log file has each of them in full.
     */
    static void warnings(List<WarningSummary> warnings, Path logFile, Console out) {
        if (warnings.isEmpty()) {
            return;
        }
        long total = warnings.stream().mapToLong(WarningSummary::count).sum();
        out.line("Warnings of the Kafka clients and other libraries: %,d in %d kind%s%s", total, warnings.size(),
                warnings.size() == 1 ? "" : "s", logFile == null ? "" : " (all of them in " + logFile + ")");
        for (WarningSummary w : warnings) {
            out.line("  " + w.line());
        }
    }

    private static String requested(Measurement m) {
        if (m.requestedRate() < 0) {
            return " (unthrottled)";
        }
        return String.format(Locale.ROOT, " (requested %,.1f msg/s: %.1f%%)", m.requestedRate(), 100 * m.achievedRatio());
    }

    private static void row(Console out, String name, LatencySummary s, String over) {
        out.line(rowText(name, s, over));
    }

    private static String rowText(String name, LatencySummary s, String over) {
        return String.format(Locale.ROOT, "%-24s%9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f  %,d %s", name, s.avgMicros() / 1e3,
                s.p50Micros() / 1e3, s.p95Micros() / 1e3, s.p99Micros() / 1e3, s.p999Micros() / 1e3, s.p9999Micros() / 1e3,
                s.maxMicros() / 1e3, s.count(), over);
    }
}
