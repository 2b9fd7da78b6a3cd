package io.kbench.result;

import io.kbench.consumerevents.ConsumerEvents;
import io.kbench.consumergroups.ConsumerGroups;
import io.kbench.sharegroup.ShareGroups;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.backlog.CatchUp;
import io.kbench.cku.CkuVerdict;
import io.kbench.faults.FaultTimeline;
import io.kbench.integrity.Integrity;
import io.kbench.model.ClientMetrics;
import io.kbench.model.ResultSection;
import io.kbench.partitioncost.BrokerRequests;
import io.kbench.partitioncost.WorkerMemories;
import io.kbench.search.SearchReport;
import io.kbench.topics.TopicSetup;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The optional sections of a result, at most one of each type, each written at the top of the
 * document under its key. A feature adds a section by declaring a record that implements
 * {@link ResultSection} in its own package and one line in {@link #TYPES}; nothing else changes.
 *
 * @param byType the sections, by their type
 */
public record ResultSections(@JsonIgnore Map<Class<? extends ResultSection>, ResultSection> byType) {

    /**
     * One section type: its JSON key at the top of the result, its record, and what a result without it
     * has under the key: nothing ({@code absent} null: new sections are so), or the value given (JSON null
     * when {@code absent} is {@link #NULL}; the sections that results had before sections existed keep that).
     */
    record SectionType(String key, Class<? extends ResultSection> type, Object absent) {}

    private static final Object NULL = new Object();

    /** Every section type, in the order written. */
    static final List<SectionType> TYPES = List.of(
            new SectionType("integrity", Integrity.class, NULL),
            new SectionType("faults", FaultTimeline.class, FaultTimeline.NONE),
            new SectionType("search", SearchReport.class, null),
            new SectionType("ckuCheck", CkuVerdict.class, null),
            new SectionType("catchUp", CatchUp.class, NULL),
            new SectionType("clientMetrics", ClientMetrics.class, ClientMetrics.NONE),
            new SectionType("shareGroups", ShareGroups.class, null),
            new SectionType("consumerEvents", ConsumerEvents.class, null),
            new SectionType("consumerGroups", ConsumerGroups.class, null),
            new SectionType("topicSetup", TopicSetup.class, null),
            new SectionType("brokerRequests", BrokerRequests.class, null),
            new SectionType("workerMemory", WorkerMemories.class, null));

    public static final ResultSections NONE = new ResultSections(Map.of());

    public ResultSections {
        byType = Map.copyOf(byType);
    }

    /** Binds the registered keys of a result's top level; the other fields are the core's. */
    @JsonCreator
    static ResultSections fromJson(@JsonAnySetter Map<String, JsonNode> fields) {
        Map<Class<? extends ResultSection>, ResultSection> sections = new LinkedHashMap<>();
        for (SectionType t : TYPES) {
            JsonNode value = fields.get(t.key());
            try {
                if (value != null && !value.isNull()) {
                    sections.put(t.type(), ResultJson.MAPPER.treeToValue(value, t.type()));
                }
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(t.key() + ": " + e.getOriginalMessage(), e);
            }
        }
        return new ResultSections(sections);
    }

    /** The section of this type, or null when the run has none. */
    public <T extends ResultSection> T get(Class<T> type) {
        return type.cast(byType.get(type));
    }

    /**
     * These sections with {@code section} added (replacing one of its type).
     *
     * @throws IllegalArgumentException for a section type not in {@link #TYPES}
     */
    public ResultSections with(ResultSection section) {
        if (TYPES.stream().noneMatch(t -> t.type() == section.getClass())) {
            throw new IllegalArgumentException(section.getClass().getName() + " is not a result section: add it to ResultSections.TYPES");
        }
        Map<Class<? extends ResultSection>, ResultSection> sections = new LinkedHashMap<>(byType);
        sections.put(section.getClass(), section);
        return new ResultSections(sections);
    }

    @JsonAnyGetter
    Map<String, Object> json() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (SectionType t : TYPES) {
            Object value = byType.containsKey(t.type()) ? byType.get(t.type()) : t.absent();
            if (value != null) {
                out.put(t.key(), value == NULL ? null : value);
            }
        }
        return out;
    }
}
