package io.kbench.features.integrity;

import io.kbench.features.Feature;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.model.LoadState;
import io.kbench.model.ResultSection;
import io.kbench.stats.Counts;
import io.kbench.features.ReportParts;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The integrity check: every message carries its producer's id and sequence, and the consumers report
 * what was lost, duplicated or reordered.
 */
public final class IntegrityFeature implements Feature {

    @Override
    public String name() {
        return "integrity";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(new SectionType("integrity", Integrity.class, SectionType.JSON_NULL));
    }

    @Override
    public Optional<WorkerPart> onWorker(WorkerSetupView run) {
        return Optional.of(new IntegrityOnWorker(run.workerId(), run.runTag()));
    }

    @Override
    public Class<?> findingsType() {
        return IntegrityReport.class;
    }

    /** Checked when the run stamps its messages and has consumers. */
    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        if (!run.checkIntegrity() || run.spec().topology().subscriptionsPerTopic() == 0) {
            return Optional.empty();
        }
        int subscriptions = run.spec().topology().subscriptionsPerTopic();
        // What the consumers read was written by others (or copied from the producers' topics by others): nothing to check.
        String foreign = run.spec().topology().consumesExistingOnly() || run.spec().topology().splitsTopics() ? NOT_WRITTEN_BY_KBENCH : null;
        return Optional.of(new RunPart() {
            /**
             * Losses are counted only if the consumers caught up; otherwise they would be confused with lag. A lost
             * worker's consumers may have read what the others' producers sent: without its figures, a loss cannot be told.
             */
            @Override
            public Optional<ResultSection> section(RunFindings findings) {
                List<IntegrityReport> reports = findings.fromWorkers(IntegrityReport.class);
                if (reports.isEmpty()) {
                    return Optional.empty();
                }
                Counts run = findings.runTotals();
                long unread = LoadState.backlog(run.messagesToConsume() * subscriptions, run.messagesReceived());
                String notChecked = foreign != null ? foreign : findings.workersLost() ? "a worker's figures are missing" : unread <= 0 ? null
                        : String.format(Locale.ROOT, "the consumers had not read %,d acknowledged messages when the run ended", unread);
                return Optional.of(Integrity.judge(reports, notChecked));
            }
        });
    }

    /** Why a run that reads records others wrote checks none (said once, in the summary and the report). */
    static final String NOT_WRITTEN_BY_KBENCH = "records not written by kbench";

    @Override
    public void summary(RunView run, SummaryLines lines) {
        Integrity i = run.section(Integrity.class);
        if (i != null) {
            lines.line(SummaryLines.Slot.VERDICT, NOT_WRITTEN_BY_KBENCH.equals(i.notChecked())
                    ? "Integrity not checked: " + NOT_WRITTEN_BY_KBENCH : i.line());
        }
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        Integrity i = run.section(Integrity.class);
        if (i == null) {
            return;
        }
        if (i.notChecked() != null) {
            parts.summaryRow("integrity", "not checked: " + i.notChecked(), "");
            return;
        }
        long lost = i.lostMessages() == null ? 0 : i.lostMessages();
        String text = String.format(Locale.ROOT, "checked %,d: lost %,d, duplicated %,d, out of order %,d",
                i.checkedMessages(), lost, i.duplicateMessages(), i.outOfOrderMessages());
        parts.summaryRow("integrity", text, lost > 0 ? "bad" : i.duplicateMessages() + i.outOfOrderMessages() > 0 ? "warn" : "good");
    }
}
