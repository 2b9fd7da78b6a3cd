package io.kbench.config;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NumericNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * Lets Jackson build a document's tree while every mapping in it remembers its place ({@link LocatedObjectNode}):
 * Jackson asks for each new mapping while the parser sits on that mapping's opening token. Decimals keep their
 * written text ({@link WrittenFloatNode}).
 */
final class LocatingNodeFactory extends JsonNodeFactory {

    private static final long serialVersionUID = 1L;

    private final transient ResolvingParser parser;
    private final transient LineIndex index;

    LocatingNodeFactory(ResolvingParser parser, LineIndex index) {
        this.parser = parser;
        this.index = index;
    }

    @Override
    public ObjectNode objectNode() {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            return super.objectNode(); // made after reading (e.g. by a caller editing the tree): not in the file
        }
        return new LocatedObjectNode(instance, index, parser.currentPath());
    }

    @Override
    public NumericNode numberNode(double value) {
        if (parser.currentToken() != JsonToken.VALUE_NUMBER_FLOAT) {
            return super.numberNode(value);
        }
        try {
            return new WrittenFloatNode(value, parser.getText());
        } catch (IOException e) {
            return super.numberNode(value); // the current token's text is already read: getText does no I/O here
        }
    }
}
