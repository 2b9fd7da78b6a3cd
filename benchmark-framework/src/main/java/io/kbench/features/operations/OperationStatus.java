package io.kbench.features.operations;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/** What became of one operation. */
public enum OperationStatus {
    /** The cluster said it was done within the operation's timeout. */
    DONE,
    /** Asked, but not done within its timeout (the run went on). */
    TIMED_OUT,
    /** The cluster refused to start it (no rights; not supported): nothing was changed. */
    REFUSED,
    /** Started, then failed part way (the steps say how far it got). */
    FAILED,
    /** Started, and the measurement ended before the cluster said it was done. */
    CUT_SHORT,
    /** Never started: the measurement ended (or never started) first. */
    NOT_RUN;

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @JsonCreator
    public static OperationStatus of(String label) {
        return Arrays.stream(values()).filter(s -> s.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown operation status '" + label + "'"));
    }
}
