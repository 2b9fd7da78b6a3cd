package io.kbench.coordinator;

import io.kbench.features.PhaseOutcome;
import io.kbench.features.RunView;
import io.kbench.model.ClientMetrics;
import io.kbench.model.ConsumerMetrics;
import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.model.Diagnostician;
import io.kbench.model.Measurement;
import io.kbench.model.ResultSection;
import io.kbench.model.StatusEvidence;
import io.kbench.provenance.Provenance;
import io.kbench.result.ClientWarningCount;
import io.kbench.result.DriverInfo;
import io.kbench.result.ResultSections;
import io.kbench.result.RunIdentity;
import io.kbench.result.RunOutcome;
import io.kbench.result.RunResult;
import io.kbench.result.RunTimeline;
import io.kbench.result.StatusRules;
import io.kbench.warning.WarningSummary;
import io.kbench.workload.Workload;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Builds a run's result from what it recorded and what the workers reported: judges its status and
 * diagnosis, and adds the features' sections and verdicts. Pure: it prints nothing and changes
 * nothing; the warnings it adds come back with the result for the caller to tell.
 */
final class ResultAssembler {

    /**
     * What was measured and collected, besides the recorded facts.
     *
     * @param endEpochMillis when the run ended
     * @param workerIds the workers, in order
     * @param topics the run's topics
     * @param measurement the measured window, or null when nothing was measured
     * @param consumer the consumers' figures, or null without consumers
     * @param delivery what became of every message, or null when nothing was collected
     * @param clientWarnings what the workers' clients warned about, by kind
     * @param sections the features' sections and the clients' metrics
     * @param limits the features' findings of what limited the run (a hot partition, slow consumers)
     * @param verdicts the features' verdicts on the finished run (the CKU check)
     */
    record Collected(long endEpochMillis, List<String> workerIds, List<String> topics, Measurement measurement,
                     ConsumerMetrics consumer, Delivery delivery, List<WarningSummary> clientWarnings, List<ResultSection> sections,
                     List<Function<RunView, Optional<Diagnosis>>> limits, List<Function<RunView, Optional<ResultSection>>> verdicts) {}

    /**
     * The result, and what the assembly concluded beyond what was recorded.
     *
     * @param newWarnings warnings the assembly added, in order (they are in the result's warnings too)
     */
    record Assembly(RunResult result, List<String> newWarnings) {}

    private ResultAssembler() {}

    static Assembly assemble(CoordinatorInput spec, RunFacts facts, Collected c) {
        ResultSections sections = ResultSections.NONE;
        for (ResultSection s : facts.phases().sections()) {
            sections = sections.with(s);
        }
        for (ResultSection s : c.sections()) {
            sections = sections.with(s);
        }
        List<String> warnings = new ArrayList<>(facts.warnings());
        List<String> added = new ArrayList<>();
        ClientMetrics metrics = sections.get(ClientMetrics.class);
        PhaseOutcome.ChosenWindow chosen = facts.phases().chosenWindow();
        Measurement measurement = chosen != null ? chosen.measurement() : c.measurement();
        Diagnosis diagnosis = chosen != null && chosen.diagnosis() != null && facts.stall() == null && facts.lostWorkers().isEmpty()
                ? chosen.diagnosis()
                : Diagnostician.diagnose(new Diagnostician.Evidence(measurement, chosen != null ? chosen.periods() : facts.progress(),
                        metrics == null ? Map.of() : metrics.values(), facts.stall(), facts.lostWorkers(),
                        sections.get(Provenance.class) == null ? List.of() : sections.get(Provenance.class).hostLoads()));
        if (measurement != null) {
            added.addAll(measurementWarnings(measurement, facts));
        }
        List<StatusEvidence> evidence = sections.byType().values().stream().filter(StatusEvidence.class::isInstance)
                .map(StatusEvidence.class::cast).toList();
        StatusRules.Outcome outcome = StatusRules.judge(facts.status(), facts.failureReason(), c.delivery(), evidence,
                spec.options().maxUnackedRatio());
        if (outcome.warning() != null) {
            added.add(outcome.warning());
        }
        Workload asRun = facts.workloadAsRun() != null ? facts.workloadAsRun() : spec.workload();
        RunIdentity identity = new RunIdentity(spec.runId(), spec.workloadFile(), asRun, new DriverInfo(spec.driverName(),
                spec.driverFile().name(), spec.driverConfigForResult(), List.of()), spec.cluster(), spec.versions(), c.workerIds(),
                c.topics());
        RunTimeline timeline = new RunTimeline(Instant.ofEpochMilli(facts.startEpochMillis()), Instant.ofEpochMilli(c.endEpochMillis()),
                spec.options().sampleInterval().toMillis(), facts.phases().warmup(), facts.phases().rebalanceMillis(), spec.workerClocks(),
                facts.periods());
        if (measurement != null && diagnosis.verdict() != Diagnosis.Verdict.WORKER_LOST) {
            // A feature names the limit when the engine found none, or names it more precisely (Verdict.refines).
            Diagnosis.Verdict engine = diagnosis.verdict();
            RunResult draft = new RunResult(identity, outcome(outcome, warnings, diagnosis, c), sections, timeline, measurement, c.consumer());
            for (Function<RunView, Optional<Diagnosis>> limit : c.limits()) {
                Optional<Diagnosis> found = limit.apply(draft);
                if (found.isPresent() && (engine == Diagnosis.Verdict.NONE || found.get().verdict().refines(engine))) {
                    diagnosis = found.get();
                    break;
                }
            }
        }
        if (diagnosis.warning() != null) {
            added.add(diagnosis.warning());
        }
        warnings.addAll(added);
        RunOutcome ending = outcome(outcome, warnings, diagnosis, c);
        RunResult result = new RunResult(identity, ending, sections, timeline, measurement, c.consumer());
        for (Function<RunView, Optional<ResultSection>> verdict : c.verdicts()) {
            Optional<ResultSection> v = verdict.apply(result);
            if (v.isPresent()) {
                result = new RunResult(identity, ending, result.sections().with(v.get()), timeline, measurement, c.consumer());
            }
        }
        return new Assembly(result, List.copyOf(added));
    }

    private static RunOutcome outcome(StatusRules.Outcome status, List<String> warnings, Diagnosis diagnosis, Collected c) {
        return new RunOutcome(status.status(), status.reason(), warnings, diagnosis, c.delivery(),
                c.clientWarnings().stream().map(ClientWarningCount::of).toList());
    }

    private static List<String> measurementWarnings(Measurement m, RunFacts facts) {
        List<String> warnings = new ArrayList<>();
        // After a stall or a lost worker, the diagnosis says why the producers fell short.
        if (m.fellBehind() && facts.stall() == null && facts.lostWorkers().isEmpty()) {
            warnings.add(String.format(Locale.ROOT,
                    "the producers fell behind the requested rate: they sent %,.1f msg/s of %,.1f requested (%.1f%%); "
                            + "publish latency includes the delay (schedule delay p99 %s ms)",
                    m.scheduledSendRate(), m.requestedRate(), 100 * m.scheduledSendRate() / m.requestedRate(),
                    ProgressPrinter.ms(m.scheduleDelay().p99Micros())));
        }
        if (m.transactions() != null && m.transactions().aborted() > 0) {
            warnings.add(String.format(Locale.ROOT, "%,d transactions were aborted: their %,d acknowledged messages never reached the "
                    + "consumers (the log says why each was aborted)", m.transactions().aborted(), m.transactions().abortedMessages()));
        }
        if (m.counts().clampedSamples() > 0) {
            warnings.add(String.format(Locale.ROOT, "%,d latency samples were outside 0..24 h and were recorded at the nearest bound "
                    + "(negative end-to-end latency means the workers' clocks disagree)", m.counts().clampedSamples()));
        }
        return warnings;
    }
}
