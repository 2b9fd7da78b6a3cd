package io.kbench.search;

import io.kbench.result.Diagnosis;
import io.kbench.result.Measurement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a step of the search passed: the producers achieved 99% of the rate, the backlog did not
 * grow, no send failed and nothing stayed undelivered, the objective held, and the clients were
 * not the bottleneck (then the search stops: it would measure the clients).
 */
public final class StepJudge {

    public static final double ACHIEVED_SHARE = 0.99;
    /** Backlog growth tolerated: consumers a little behind at the end of a step are not falling behind. */
    public static final double BACKLOG_SHARE = 0.01;

    /** @param reasons why it did not pass; empty when it did */
    public record Verdict(boolean passed, boolean clientBound, List<String> reasons) {}

    private StepJudge() {}

    /**
     * @param m the step's measurement
     * @param requested the rate asked for
     * @param backlogGrowth acknowledged-but-unconsumed messages at the step's end minus at its start
     * @param undelivered messages of the step still unacknowledged after the drain that follows it
     * @param diagnosis the diagnosis of the step
     */
    public static Verdict judge(Measurement m, double requested, long backlogGrowth, long undelivered, Slo slo, Diagnosis diagnosis) {
        List<String> reasons = new ArrayList<>();
        if (m.publishRate() < ACHIEVED_SHARE * requested) {
            reasons.add(String.format(Locale.ROOT, "achieved %,.0f of %,.0f msg/s (%.1f%%)", m.publishRate(), requested,
                    100 * m.publishRate() / requested));
        }
        long tolerated = Math.max(100, Math.round(BACKLOG_SHARE * m.counts().messagesAcked()));
        if (backlogGrowth > tolerated) {
            reasons.add(String.format(Locale.ROOT, "the consumers fell behind: the backlog grew by %,d messages", backlogGrowth));
        }
        if (m.counts().sendErrors() > 0) {
            reasons.add(String.format(Locale.ROOT, "%,d sends failed", m.counts().sendErrors()));
        }
        if (undelivered > 0) {
            reasons.add(String.format(Locale.ROOT, "%,d messages were still unacknowledged after the drain", undelivered));
        }
        reasons.addAll(slo.violations(m));
        if (diagnosis.clientBound()) {
            reasons.add("client-bound: " + diagnosis.reason());
        }
        return new Verdict(reasons.isEmpty(), diagnosis.clientBound(), List.copyOf(reasons));
    }
}
