package io.kbench.coordinator;

import io.kbench.result.ClientBound;
import io.kbench.result.ConsumerMetrics;
import io.kbench.result.Measurement;
import io.kbench.result.RunResult;
import io.kbench.result.RunStatus;
import io.kbench.time.BenchmarkClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the coordinator learns as the run goes: phases, periods, warnings, how it ended. Prints
 * progress as it is recorded, so the console and the result can never disagree.
 */
final class RunRecord {

    private final RunSpec spec;
    private final BenchmarkClock clock;
    private final Console console;
    private final long startEpochMillis;
    private final List<PeriodSummary> periods = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private String phaseName = "setup";
    private long phaseStartMicros;
    private RunStatus status = RunStatus.COMPLETED;
    private String failureReason;
    long rebalanceTimeMillis;

    RunRecord(RunSpec spec, BenchmarkClock clock, Console console) {
        this.spec = spec;
        this.clock = clock;
        this.console = console;
        this.startEpochMillis = clock.epochMicros() / 1_000;
    }

    void startPhase(Phase phase, String message) {
        phaseName = phase.label();
        phaseStartMicros = periods.isEmpty() ? 0 : periods.get(periods.size() - 1).elapsedMicros();
        console.line(message);
    }

    String phaseName() {
        return phaseName;
    }

    void addPeriod(PeriodSummary period) {
        periods.add(period);
        console.line(ProgressPrinter.line(period, phaseStartMicros));
    }

    void warn(String warning) {
        warnings.add(warning);
        console.line("WARNING: " + warning);
    }

    void end(RunStatus endStatus, String reason) {
        if (status == RunStatus.COMPLETED) {
            status = endStatus;
            failureReason = reason;
            console.line("Run %s: %s", endStatus.name().toLowerCase(Locale.ROOT), reason);
        }
    }

    /** Names the setup step under way, for failure messages. */
    void step(String name) {
        phaseName = name;
    }

    RunResult toResult(List<String> workerIds, List<String> topics, Measurement measurement, ConsumerMetrics consumer) {
        ClientBound clientBound = measurement == null ? ClientBound.NO : ClientBound.detect(measurement, periods);
        if (measurement != null) {
            noteMeasurementWarnings(measurement);
        }
        if (clientBound.bound()) {
            warn(clientBound.warning());
        }
        return new RunResult(
                spec.runId(),
                status,
                failureReason,
                List.copyOf(warnings),
                startEpochMillis,
                clock.epochMicros() / 1_000,
                spec.workloadFile(),
                spec.workload(),
                spec.driverName(),
                spec.driverFile().name(),
                spec.driverConfigForResult(),
                spec.cluster(),
                spec.versions(),
                workerIds,
                topics,
                rebalanceTimeMillis,
                List.copyOf(periods),
                measurement,
                consumer,
                spec.workerClocks(),
                clientBound);
    }

    private void noteMeasurementWarnings(Measurement m) {
        if (m.fellBehind()) {
            warn(String.format(Locale.ROOT,
                    "the producers fell behind the requested rate: they sent %,.1f msg/s of %,.1f requested (%.1f%%); "
                            + "publish latency includes the delay (schedule delay p99 %s ms). The client may be the "
                            + "bottleneck: add workers or lower the rate.",
                    m.scheduledSendRate(), m.requestedRate(), 100 * m.scheduledSendRate() / m.requestedRate(),
                    ProgressPrinter.ms(m.scheduleDelay().p99Micros())));
        }
        if (m.counts().sendErrors() > 0) {
            // The console shows no exception class names; the result keeps them in measurement.errors.
            warn(String.format(Locale.ROOT, "%,d sends failed: %s", m.counts().sendErrors(),
                    String.join("; ", m.errors().stream().map(io.kbench.logging.WarningClassifier::readable).toList())));
        }
        if (m.counts().clampedSamples() > 0) {
            warn(String.format(Locale.ROOT, "%,d latency samples were outside 0..24 h and were recorded at the nearest bound "
                    + "(negative end-to-end latency means the workers' clocks disagree)", m.counts().clampedSamples()));
        }
    }
}
