package io.kbench.features.search;

import io.kbench.model.Diagnosis;
import io.kbench.model.Measurement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a step of the search passed: the producers achieved 99% of the rate (less what the window's
 * edge can move it, see {@link #edgeShare}), the backlog did not grow, no send failed, nothing stayed undelivered and the objective held. A step that fell short
 * while the clients were the bottleneck says so, and the search stops there: going on would measure
 * the clients, not the cluster.
 */
public final class StepJudge {

    public static final double ACHIEVED_SHARE = 0.99;
    /** The most the window's edge may excuse: beyond it a shortfall is the cluster's or the clients', not the window's. */
    static final double EDGE_SHARE_CAP = 0.01;
    /** Backlog growth tolerated: consumers a little behind at the end of a step are not falling behind. */
    public static final double BACKLOG_SHARE = 0.01;
    static final long BACKLOG_FLOOR_MESSAGES = 100;

    /** @param reasons why it did not pass; empty when it did */
    public record Verdict(boolean passed, boolean clientBound, List<String> reasons) {}

    /**
     * What a step measured besides its latencies.
     *
     * @param measurement the step's measurement window
     * @param requestedRate the rate asked for, msg/s
     * @param backlogGrowthMessages acknowledged-but-unconsumed messages at the window's end minus at its start
     * @param backlogAfterDrainMessages what the consumers had still not read when the drain after the step gave up
     * @param failedMessages sends of the step that failed, the drain after it included
     * @param undeliveredMessages sends of the step neither acknowledged nor failed when the drain gave up
     */
    public record StepFigures(Measurement measurement, double requestedRate, long backlogGrowthMessages,
                              long backlogAfterDrainMessages, long failedMessages, long undeliveredMessages) {}

    private StepJudge() {}

    public static Verdict judge(StepFigures f, Slo slo, Diagnosis diagnosis) {
        Measurement m = f.measurement();
        List<String> reasons = new ArrayList<>();
        if (m.publishRate() < (ACHIEVED_SHARE - edgeShare(m)) * f.requestedRate()) {
            reasons.add(String.format(Locale.ROOT, "achieved %,.0f of %,.0f msg/s (%.2f%%)", m.publishRate(), f.requestedRate(),
                    100 * m.publishRate() / f.requestedRate()));
        }
        long tolerated = Math.max(BACKLOG_FLOOR_MESSAGES, Math.round(BACKLOG_SHARE * m.counts().messagesAcked()));
        if (f.backlogGrowthMessages() > tolerated) {
            reasons.add(String.format(Locale.ROOT, "the consumers fell behind: the backlog grew by %,d messages",
                    f.backlogGrowthMessages()));
        }
        if (f.backlogAfterDrainMessages() > 0) {
            reasons.add(String.format(Locale.ROOT, "the consumers had %,d messages still unread when the drain after the step "
                    + "gave up", f.backlogAfterDrainMessages()));
        }
        if (f.failedMessages() > 0) {
            reasons.add(String.format(Locale.ROOT, "%,d sends failed", f.failedMessages()));
        }
        if (f.undeliveredMessages() > 0) {
            reasons.add(String.format(Locale.ROOT, "%,d messages were still unacknowledged when the drain after the step gave up",
                    f.undeliveredMessages()));
        }
        reasons.addAll(slo.violations(m));
        // Client-bound explains a shortfall; a step that met everything was not held back by its clients, and on
        // a busy machine one slow period of a short step can look like a growing schedule delay.
        boolean clientBound = diagnosis.clientBound() && !reasons.isEmpty();
        if (clientBound) {
            reasons.add("client-bound: " + diagnosis.reason());
        }
        return new Verdict(reasons.isEmpty(), clientBound, List.copyOf(reasons));
    }

    /**
     * The share of the rate a short window's edges can take away on their own. The window counts the acknowledgements
     * that arrive in it: those of messages sent from one publish latency before its start to one before its end. When
     * the latency at the end is longer than at the start, that span is shorter than the window by the difference, up
     * to the p99 publish latency (a 3 s step with a 28 ms p99 can show 99.0% where the producers kept their rate and
     * every message was acknowledged). Capped, so that a step whose latency grew does not pass on that account.
     */
    static double edgeShare(Measurement m) {
        if (m.windowMicros() <= 0) {
            return 0;
        }
        return Math.min(EDGE_SHARE_CAP, (double) m.publishLatency().p99Micros() / m.windowMicros());
    }
}
