package io.kbench.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How a run ended. Only COMPLETED means the cluster answered throughout and nothing was lost;
 * DEGRADED: it ran to its end, but messages were not acknowledged, or lost, duplicated or reordered;
 * FAILED: it could not go on (e.g. the cluster stopped answering) and its figures cover part of it;
 * INTERRUPTED: stopped by the user.
 */
public enum RunStatus {
    COMPLETED,
    DEGRADED,
    FAILED,
    INTERRUPTED;

    /** As written in results and reports, e.g. "completed". */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
