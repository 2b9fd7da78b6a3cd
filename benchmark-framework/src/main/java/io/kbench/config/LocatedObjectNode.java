package io.kbench.config;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A mapping from {@link YamlBinder#readTree} that remembers where it sits in its document, so that binding it
 * (or a mapping nested in it) later still reports source lines. Behaves exactly like an {@link ObjectNode};
 * copies ({@code deepCopy()}, new nodes) lose the location and then errors name the field without a line.
 */
@SuppressWarnings("unchecked")
final class LocatedObjectNode extends ObjectNode {

    private static final long serialVersionUID = 1L;

    private final transient LineIndex lineIndex;
    private final transient List<Object> path;

    LocatedObjectNode(JsonNodeFactory factory, LineIndex lineIndex, List<Object> path) {
        super(factory);
        this.lineIndex = lineIndex;
        this.path = List.copyOf(path);
    }

    LineIndex lineIndex() {
        return lineIndex;
    }

    /** Path of this mapping inside its document. */
    List<Object> path() {
        return path;
    }
}
