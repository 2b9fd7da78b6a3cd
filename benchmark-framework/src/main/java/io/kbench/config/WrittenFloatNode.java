package io.kbench.config;

import com.fasterxml.jackson.databind.node.DoubleNode;

/**
 * A decimal from a document that keeps the text it was written as. Bound to a number it is the double; bound to
 * text it is what the user wrote ({@code version: 3.10} stays "3.10", {@code ratio: 0.50} stays "0.50"), where a
 * plain double node would give "3.1" and "0.5".
 */
final class WrittenFloatNode extends DoubleNode {

    private static final long serialVersionUID = 1L;

    private final String written;

    WrittenFloatNode(double value, String written) {
        super(value);
        this.written = written;
    }

    /** Jackson turns a tree's number into text with {@code String.valueOf(numberValue())}. */
    @Override
    public Number numberValue() {
        return new WrittenNumber(doubleValue(), written);
    }

    @Override
    public String asText() {
        return written;
    }

    /** The double, printed as written. */
    private static final class WrittenNumber extends Number {
        private static final long serialVersionUID = 1L;
        private final double value;
        private final String written;

        WrittenNumber(double value, String written) {
            this.value = value;
            this.written = written;
        }

        @Override
        public int intValue() {
            return (int) value;
        }

        @Override
        public long longValue() {
            return (long) value;
        }

        @Override
        public float floatValue() {
            return (float) value;
        }

        @Override
        public double doubleValue() {
            return value;
        }

        @Override
        public String toString() {
            return written;
        }
    }
}
