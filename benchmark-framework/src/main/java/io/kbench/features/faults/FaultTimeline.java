package io.kbench.features.faults;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.model.ResultSection;
import java.util.List;

/**
 * The workload's faults and what became of each, in the order planned: the result's {@code faults}
 * list (empty without faults).
 */
public record FaultTimeline(@JsonValue List<FaultEvent> events) implements ResultSection {

    public static final FaultTimeline NONE = new FaultTimeline(List.of());

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public FaultTimeline {
        events = List.copyOf(events);
    }
}
