package io.kbench.cli;

import io.kbench.coordinator.Console;
import io.kbench.logging.WarningSummary;
import io.kbench.result.ConsumerMetrics;
import io.kbench.result.Measurement;
import io.kbench.result.PerfToolFormat;
import io.kbench.result.RunResult;
import io.kbench.result.WorkerSummary;
import io.kbench.stats.LatencySummary;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The summary printed when a run ends: our figures with units, then Kafka's perf-tool lines. */
final class FinalReport {

    private FinalReport() {}

    static void print(RunResult r, Console out) {
        out.line("");
        out.line("=== %s on %s: %s ===", r.workload().name(), r.driverName(), r.status().name().toLowerCase(Locale.ROOT)
                + (r.failureReason() == null ? "" : " (" + r.failureReason() + ")"));
        Measurement m = r.measurement();
        if (m == null) {
            out.line("Nothing was measured.");
            ckuCheck(r, out);
            return;
        }
        if (r.workload().consumeOnly()) {
            out.line("Consume-only: %,d messages were prefilled before the consumers started.", r.workload().prefillMessages());
        } else {
            out.line("Window %.1f s. Published %,d messages: %,.1f msg/s, %.2f MB/s%s; %,d send errors.",
                    m.windowMicros() / 1e6, m.counts().messagesAcked(), m.publishRate(), m.publishMBps(), requested(m),
                    m.counts().sendErrors());
        }
        if (r.workload().subscriptionsPerTopic() > 0) {
            out.line("Consumed %,d messages: %,.1f msg/s, %.2f MB/s.", m.counts().messagesReceived(), m.consumeRate(), m.consumeMBps());
        }
        out.line("Latency (ms)            %9s %9s %9s %9s %9s %9s %9s", "avg", "p50", "p95", "p99", "p99.9", "p99.99", "max");
        if (m.counts().messagesSent() > 0) {
            row(out, "publish (ack - intended)", m.publishLatency());
            row(out, "send (ack - sent)", m.sendLatency());
            row(out, "schedule delay", m.scheduleDelay());
        }
        if (m.endToEndLatency().count() > 0) {
            row(out, "end-to-end", m.endToEndLatency());
        }
        if (m.workers().size() > 1) {
            out.line("Per worker:");
            for (WorkerSummary w : m.workers()) {
                out.line("  %s: pub %,.1f msg/s, cons %,.1f msg/s, pub p99 %.2f ms, cpu %.0f%% of %d cores, errors %,d",
                        w.workerId(), w.publishRate(), w.consumeRate(), w.publishLatency().p99Micros() / 1e3,
                        w.processCpuLoad() * 100, w.availableProcessors(), w.sendErrors());
            }
        }
        if (m.counts().messagesSent() > 0) {
            out.line("As kafka-producer-perf-test reports it (send latency):");
            out.line(PerfToolFormat.producerLine(m.counts().messagesAcked(), m.publishRate(), m.publishMBps(), m.sendLatency()));
        }
        if (r.workload().maxInFlightMessages() != null && r.workload().maxInFlightMessages() == 1 && m.endToEndLatency().count() > 0) {
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
        ckuCheck(r, out);
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

    /** With a CKU count, the report ends with the CKU check's PASS or FAIL. */
    private static void ckuCheck(RunResult r, Console out) {
        if (r.ckuVerdict() != null) {
            r.ckuVerdict().lines().forEach(out::line);
        }
    }

    private static String requested(Measurement m) {
        if (m.requestedRate() < 0) {
            return " (unthrottled)";
        }
        return String.format(Locale.ROOT, " (requested %,.1f msg/s: %.1f%%)", m.requestedRate(), 100 * m.achievedRatio());
    }

    private static void row(Console out, String name, LatencySummary s) {
        out.line("%-24s%9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f", name, s.avgMicros() / 1e3, s.p50Micros() / 1e3,
                s.p95Micros() / 1e3, s.p99Micros() / 1e3, s.p999Micros() / 1e3, s.p9999Micros() / 1e3, s.maxMicros() / 1e3);
    }
}
