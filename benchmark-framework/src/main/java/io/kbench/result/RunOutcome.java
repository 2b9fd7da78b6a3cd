package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.model.RunStatus;
import java.util.List;

/**
 * How a run ended, and why: its status, what limited it, what became of its messages.
 *
 * @param status how it ended
 * @param failureReason why it did not complete, or null
 * @param warnings what the user should know about the figures (fell behind, drain incomplete, ...)
 * @param diagnosis what limited the run: the clients, the cluster, a quota, or nothing
 * @param delivery what became of every message handed to the driver, or null when nothing was collected
 * @param clientWarnings what the clients warned about, by kind, over all workers
 */
@JsonPropertyOrder({"status", "failureReason", "warnings", "clientBound", "clientBoundReason", "diagnosis", "delivery",
        "clientWarnings"})
public record RunOutcome(
        RunStatus status,
        String failureReason,
        List<String> warnings,
        Diagnosis diagnosis,
        Delivery delivery,
        List<ClientWarningCount> clientWarnings) {

    public RunOutcome {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
        diagnosis = diagnosis == null ? Diagnosis.NONE : diagnosis;
        clientWarnings = clientWarnings == null ? List.of() : List.copyOf(clientWarnings);
    }

    /** The diagnosis said client-bound (kept beside the diagnosis for results' earlier readers). */
    @JsonProperty(value = "clientBound", access = JsonProperty.Access.READ_ONLY)
    public boolean clientBound() {
        return diagnosis.clientBound();
    }

    /** The evidence of a client-bound diagnosis, or null. */
    @JsonProperty(value = "clientBoundReason", access = JsonProperty.Access.READ_ONLY)
    public String clientBoundReason() {
        return diagnosis.clientBound() ? diagnosis.reason() : null;
    }
}
