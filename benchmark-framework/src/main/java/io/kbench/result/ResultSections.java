package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.features.Features;
import io.kbench.features.SectionType;
import io.kbench.model.ClientMetrics;
import io.kbench.model.ResultSection;
import io.kbench.plan.TopicSetup;
import io.kbench.provenance.Provenance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The optional sections of a result, at most one of each type, each written at the top of the
 * document under its key. The features declare their section types ({@link io.kbench.features.Feature#sectionTypes()});
 * the engine's own are the clients' metrics, the run's provenance and its topics' setup. A feature adds a section by declaring a record that
 * implements {@link ResultSection} in its own package and returning its type; nothing here changes.
 *
 * @param byType the sections, by their type
 */
public record ResultSections(@JsonIgnore Map<Class<? extends ResultSection>, ResultSection> byType) {

    /** Every section type, in the order written: the features' in registration order, then the engine's. */
    public static final List<SectionType> TYPES = types();

    private static List<SectionType> types() {
        List<SectionType> types = new ArrayList<>(Features.sectionTypes());
        types.add(new SectionType("clientMetrics", ClientMetrics.class, ClientMetrics.NONE));
        types.add(SectionType.of("provenance", Provenance.class));
        types.add(SectionType.of("topicSetup", TopicSetup.class)); // how long the run's topics took (issue 26)
        return List.copyOf(types);
    }

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

    /** The section written under {@code key}, as JSON, or null when the run has none. */
    public JsonNode json(String key) {
        for (SectionType t : TYPES) {
            if (t.key().equals(key) && byType.containsKey(t.type())) {
                return ResultJson.MAPPER.valueToTree(byType.get(t.type()));
            }
        }
        return null;
    }

    /**
     * These sections with {@code section} added (replacing one of its type).
     *
     * @throws IllegalArgumentException for a section type no feature declares
     */
    public ResultSections with(ResultSection section) {
        if (TYPES.stream().noneMatch(t -> t.type() == section.getClass())) {
            throw new IllegalArgumentException(section.getClass().getName() + " is not a result section: return its type from "
                    + "its feature's sectionTypes()");
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
                out.put(t.key(), value == SectionType.JSON_NULL ? null : value);
            }
        }
        return out;
    }
}
