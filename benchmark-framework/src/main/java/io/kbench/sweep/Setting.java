package io.kbench.sweep;

import com.fasterxml.jackson.databind.JsonNode;

/** One parameter set to one of its values. */
public record Setting(Parameter parameter, JsonNode value) {

    /** {@code messageSize=50} */
    public String label() {
        return parameter.name() + "=" + valueText();
    }

    public String valueText() {
        return Parameter.text(value);
    }
}
