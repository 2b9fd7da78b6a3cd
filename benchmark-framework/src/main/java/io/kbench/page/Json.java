package io.kbench.page;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/** The one JSON factory of the report's page model. */
public final class Json {

    public static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {}

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    /** Numbers with nulls (a chart's gaps), rounded to 6 significant digits to keep the page small. */
    public static ArrayNode numbers(Double[] values) {
        ArrayNode a = array();
        for (Double v : values) {
            if (v == null || v.isNaN() || v.isInfinite()) {
                a.addNull();
            } else {
                a.add(round(v));
            }
        }
        return a;
    }

    public static ArrayNode numbers(double[] values) {
        ArrayNode a = array();
        for (double v : values) {
            a.add(round(v));
        }
        return a;
    }

    public static ArrayNode strings(List<String> values) {
        ArrayNode a = array();
        values.forEach(a::add);
        return a;
    }

    public static double round(double v) {
        if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
            return v;
        }
        return new BigDecimal(v).round(new MathContext(6)).doubleValue();
    }
}
