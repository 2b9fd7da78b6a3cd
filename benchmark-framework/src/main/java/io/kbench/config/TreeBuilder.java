package io.kbench.config;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/** Builds a JSON tree from a {@link ResolvingParser}, using {@link LocatedObjectNode} for every mapping. */
final class TreeBuilder {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ResolvingParser parser;
    private final LineIndex index;

    TreeBuilder(ResolvingParser parser, LineIndex index) {
        this.parser = parser;
        this.index = index;
    }

    /** Reads the value at the parser's current token (which must be set) and everything under it. */
    JsonNode read() throws IOException {
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT: {
                ObjectNode node = new LocatedObjectNode(NODES, index, parser.currentPath());
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    node.set(name, read());
                }
                return node;
            }
            case START_ARRAY: {
                ArrayNode node = NODES.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    node.add(read());
                }
                return node;
            }
            case VALUE_STRING:
                return NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT:
                return switch (parser.getNumberType()) {
                    case INT -> NODES.numberNode(parser.getIntValue());
                    case LONG -> NODES.numberNode(parser.getLongValue());
                    default -> NODES.numberNode(parser.getBigIntegerValue());
                };
            case VALUE_NUMBER_FLOAT:
                return NODES.numberNode(parser.getDoubleValue());
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_EMBEDDED_OBJECT: {
                Object embedded = parser.getEmbeddedObject();
                return embedded instanceof byte[] bytes ? NODES.binaryNode(bytes) : NODES.pojoNode(embedded);
            }
            default:
                return NODES.nullNode();
        }
    }
}
