package io.kbench.features;

import io.kbench.model.ResultSection;

/**
 * One kind of result section: the key it is written under at the top of a result, its record, and
 * what a result without it holds under the key.
 *
 * @param key the JSON key at the top of the result document
 * @param type the section's record
 * @param absent what a result without the section writes under the key: {@code null} writes nothing
 *     (new sections are so); {@link #JSON_NULL} writes a JSON null; any other value is written as is
 *     (the sections results had before sections existed keep their old form)
 */
public record SectionType(String key, Class<? extends ResultSection> type, Object absent) {

    /** Marks a section written as JSON null when absent. */
    public static final Object JSON_NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /** A section that is simply left out of results that lack it. */
    public static SectionType of(String key, Class<? extends ResultSection> type) {
        return new SectionType(key, type, null);
    }
}
