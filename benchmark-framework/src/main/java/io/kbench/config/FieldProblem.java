package io.kbench.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/**
 * Thrown by our own deserializers: a problem already phrased for the user, to be shown as
 * {@code field '<path>' <reason>, got <value>}.
 */
final class FieldProblem extends MismatchedInputException {

    private static final long serialVersionUID = 1L;

    private final String reason;

    FieldProblem(JsonParser parser, String reason, Class<?> targetType) {
        super(parser, reason, targetType);
        this.reason = reason;
    }

    String reason() {
        return reason;
    }
}
