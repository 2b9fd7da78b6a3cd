package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.backlog.CatchUp;
import io.kbench.cku.CkuVerdict;
import io.kbench.faults.FaultTimeline;
import io.kbench.integrity.Integrity;
import io.kbench.model.ClientMetrics;
import io.kbench.model.ResultSection;
import io.kbench.search.SearchReport;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The optional sections of a result, at most one of each type, each written at the top of the
 * document under its key. A feature adds a section by declaring a record that implements
 * {@link ResultSection} in its own package and one line in {@link #TYPES}; nothing else changes.
 */
public final class ResultSections {

    /**
     * What a result without the section has under its key. New sections are {@link #OMITTED}; the
     * others keep what results had before sections existed.
     */
    enum Absent { OMITTED, NULL, EMPTY }

    /**
     * One section type.
     *
     * @param key its JSON key at the top of the result
     * @param type its record
     * @param absent what a result without it has under the key
     * @param empty the empty value written for {@link Absent#EMPTY}, else null
     */
    record SectionType(String key, Class<? extends ResultSection> type, Absent absent, ResultSection empty) {

        static SectionType omitted(String key, Class<? extends ResultSection> type) {
            return new SectionType(key, type, Absent.OMITTED, null);
        }

        static SectionType nulled(String key, Class<? extends ResultSection> type) {
            return new SectionType(key, type, Absent.NULL, null);
        }

        static SectionType emptied(String key, ResultSection empty) {
            return new SectionType(key, empty.getClass(), Absent.EMPTY, empty);
        }
    }

    /** Every section type, in the order written. */
    static final List<SectionType> TYPES = List.of(
            SectionType.nulled("integrity", Integrity.class),
            SectionType.emptied("faults", FaultTimeline.NONE),
            SectionType.omitted("search", SearchReport.class),
            SectionType.omitted("ckuCheck", CkuVerdict.class),
            SectionType.nulled("catchUp", CatchUp.class),
            SectionType.emptied("clientMetrics", ClientMetrics.NONE));

    public static final ResultSections NONE = new ResultSections(List.of());

    private final Map<Class<? extends ResultSection>, ResultSection> byType = new LinkedHashMap<>();

    /** @throws IllegalArgumentException for a section type not in {@link #TYPES} */
    public ResultSections(Collection<? extends ResultSection> sections) {
        for (ResultSection s : sections) {
            byType.put(typeOf(s.getClass()).type(), s);
        }
    }

    /** Binds the registered keys of a result's top level; the other fields are the core's. */
    @JsonCreator
    ResultSections(@JsonAnySetter Map<String, JsonNode> fields) {
        for (SectionType t : TYPES) {
            JsonNode value = fields.get(t.key());
            if (value != null && !value.isNull()) {
                try {
                    byType.put(t.type(), ResultJson.MAPPER.treeToValue(value, t.type()));
                } catch (JsonProcessingException e) {
                    throw new IllegalArgumentException(t.key() + ": " + e.getOriginalMessage(), e);
                }
            }
        }
    }

    /** The section of this type, or null when the run has none. */
    public <T extends ResultSection> T get(Class<T> type) {
        return type.cast(byType.get(type));
    }

    /** These sections with {@code section} added (replacing one of its type). */
    public ResultSections with(ResultSection section) {
        List<ResultSection> all = new ArrayList<>(byType.values());
        all.removeIf(s -> s.getClass() == section.getClass());
        all.add(section);
        return new ResultSections(all);
    }

    @JsonAnyGetter
    Map<String, Object> json() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (SectionType t : TYPES) {
            ResultSection s = byType.get(t.type());
            if (s != null || t.absent() != Absent.OMITTED) {
                out.put(t.key(), s != null ? s : t.empty());
            }
        }
        return out;
    }

    private static SectionType typeOf(Class<?> type) {
        return TYPES.stream().filter(t -> t.type() == type).findFirst().orElseThrow(() -> new IllegalArgumentException(
                type.getName() + " is not a registered result section: add it to ResultSections.TYPES"));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ResultSections other && byType.equals(other.byType);
    }

    @Override
    public int hashCode() {
        return byType.hashCode();
    }

    @Override
    public String toString() {
        return byType.values().toString();
    }
}
