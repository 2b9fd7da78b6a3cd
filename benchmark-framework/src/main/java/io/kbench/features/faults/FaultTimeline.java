package io.kbench.features.faults;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.model.ResultSection;
import java.util.List;

/**
 * The workload's faults and what became of each, in the order planned: the result's {@code faults}
 * list (empty without faults), one {@link FaultRow} each.
 */
public record FaultTimeline(List<FaultEvent> events) implements ResultSection {

    public static final FaultTimeline NONE = new FaultTimeline(List.of());

    public FaultTimeline {
        events = List.copyOf(events);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static FaultTimeline read(List<FaultRow> rows) {
        return new FaultTimeline(rows.stream().map(FaultRow::event).toList());
    }

    /** As the result writes it. */
    @JsonValue
    List<FaultRow> rows() {
        return events.stream().map(FaultRow::of).toList();
    }
}
