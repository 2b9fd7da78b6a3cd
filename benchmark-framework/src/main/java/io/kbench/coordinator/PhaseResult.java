package io.kbench.coordinator;

import io.kbench.features.PhaseOutcome;
import io.kbench.model.ResultSection;
import io.kbench.model.WarmupReport;
import io.kbench.model.AckedInWindow;
import io.kbench.model.LoadState;
import java.util.ArrayList;
import java.util.List;

/** What one phase of a run measured ({@link PhaseRunner}); {@link ResultAssembler} builds the result from them. */
sealed interface PhaseResult {

    /** The consumers held every partition this long after they were created. */
    record ConsumersReady(long rebalanceMillis) implements PhaseResult {}

    /** How the warmup went. */
    record WarmedUp(WarmupReport report) implements PhaseResult {}

    /** The measurement window opened (with where the run stood then). */
    record WindowOpened(LoadState state) implements PhaseResult {}

    /** The measurement window closed on time (with where the run stood then: the producers are about to stop). */
    record WindowClosed(LoadState state) implements PhaseResult {}

    /** A feature's phase ended: its section, and the window it chose for the run, if any. */
    record FeatureDone(PhaseOutcome outcome) implements PhaseResult {}

    /** The drain ended: whether everything in flight and unconsumed arrived within its time. */
    record Drained(boolean complete) implements PhaseResult {}

    /** The results of a run's phases so far, in order, with what the result needs of them. */
    record All(List<PhaseResult> results) {

        public All {
            results = List.copyOf(results);
        }

        static final All NONE = new All(List.of());

        /** The consumers' last readiness time (0 without consumers). */
        long rebalanceMillis() {
            long millis = 0;
            for (PhaseResult r : results) {
                if (r instanceof ConsumersReady c) {
                    millis = c.rebalanceMillis();
                }
            }
            return millis;
        }

        /** How the warmup went, or null without one. */
        WarmupReport warmup() {
            WarmupReport report = null;
            for (PhaseResult r : results) {
                if (r instanceof WarmedUp w) {
                    report = w.report();
                }
            }
            return report;
        }

        /** What was acknowledged between the window's opening and closing, or null if it did not close. */
        AckedInWindow ackedInWindow() {
            LoadState open = null;
            LoadState close = null;
            for (PhaseResult r : results) {
                if (r instanceof WindowOpened o) {
                    open = o.state();
                } else if (r instanceof WindowClosed c) {
                    close = c.state();
                }
            }
            return open == null || close == null ? null : AckedInWindow.between(open, close);
        }

        /** The window a feature's phase chose for the run, or null. */
        PhaseOutcome.ChosenWindow chosenWindow() {
            PhaseOutcome.ChosenWindow chosen = null;
            for (PhaseResult r : results) {
                if (r instanceof FeatureDone f && f.outcome().window() != null) {
                    chosen = f.outcome().window();
                }
            }
            return chosen;
        }

        /** The sections the features' phases returned. */
        List<ResultSection> sections() {
            List<ResultSection> sections = new ArrayList<>();
            for (PhaseResult r : results) {
                if (r instanceof FeatureDone f && f.outcome().section() != null) {
                    sections.add(f.outcome().section());
                }
            }
            return sections;
        }
    }
}
