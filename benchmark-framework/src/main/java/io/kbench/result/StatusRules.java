package io.kbench.result;

import io.kbench.model.Delivery;
import io.kbench.model.RunStatus;
import io.kbench.model.StatusEvidence;
import io.kbench.stats.ErrorCount;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides a run's final status from how it ended and what became of its messages. A run is
 * {@code completed} only when it ran to its end, its failed plus undelivered messages stay within
 * the allowed share, and nothing was lost, duplicated or reordered; otherwise {@code degraded}, or
 * {@code failed} when the cluster acknowledged nothing at all.
 */
public final class StatusRules {

    /** Default share of failed plus undelivered messages a run may have and still complete: 0.1%. */
    public static final double DEFAULT_MAX_UNACKED_RATIO = 0.001;

    /**
     * @param status the status and reason as the run ended them (not completed: kept as is)
     * @param warning a note for a completed run that had a few unacknowledged messages, or null
     */
    public record Outcome(RunStatus status, String reason, String warning) {}

    private StatusRules() {}

    /**
     * @param delivery what became of the messages, or null when nothing was measured
     * @param evidence the result's sections that can find a run degraded (the integrity check)
     * @param maxUnackedRatio failed plus undelivered messages allowed, as a share of those sent
     */
    public static Outcome judge(RunStatus status, String reason, Delivery delivery, List<StatusEvidence> evidence,
                                double maxUnackedRatio) {
        if (status != RunStatus.COMPLETED || delivery == null) {
            return new Outcome(status, reason, null);
        }
        long unacked = delivery.failedMessages() + delivery.undeliveredMessages();
        if (delivery.sentMessages() > 0 && delivery.ackedMessages() == 0) {
            return new Outcome(RunStatus.FAILED, String.format(Locale.ROOT, "the cluster acknowledged none of the %,d messages "
                    + "sent (%s)", delivery.sentMessages(), errorSummary(delivery)), null);
        }
        if (delivery.notAckedRatio() > maxUnackedRatio) {
            return new Outcome(RunStatus.DEGRADED, String.format(Locale.ROOT, "%,d of %,d messages (%.2f%%) were not "
                    + "acknowledged, over the %s%% allowed: %,d failed (%s), %,d undelivered", unacked, delivery.sentMessages(),
                    100 * delivery.notAckedRatio(), percent(maxUnackedRatio), delivery.failedMessages(), errorSummary(delivery),
                    delivery.undeliveredMessages()), null);
        }
        for (StatusEvidence e : evidence) {
            Optional<String> why = e.degradedBecause();
            if (why.isPresent()) {
                return new Outcome(RunStatus.DEGRADED, why.get(), null);
            }
        }
        String warning = unacked == 0 ? null : String.format(Locale.ROOT, "%,d of %,d messages were not acknowledged "
                + "(%,d failed, %,d undelivered), within the %s%% allowed", unacked, delivery.sentMessages(),
                delivery.failedMessages(), delivery.undeliveredMessages(), percent(maxUnackedRatio));
        return new Outcome(status, reason, warning);
    }

    private static String errorSummary(Delivery d) {
        if (d.errorsByClass().isEmpty()) {
            return "no client error";
        }
        return String.join(", ", d.errorsByClass().stream().limit(3).map(e -> String.format(Locale.ROOT, "%,d %s",
                e.count(), ErrorCount.inWords(e.errorClass()))).toList());
    }

    static String percent(double ratio) {
        return String.format(Locale.ROOT, "%.3f", 100 * ratio).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
