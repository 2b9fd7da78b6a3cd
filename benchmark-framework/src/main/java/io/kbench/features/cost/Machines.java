package io.kbench.features.cost;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Machines of one instance type: {@code 3xkafka.m7g.large}, {@code 2xc7g.xlarge}; a type alone ({@code kafka.m7g.large})
 * leaves the count to the result (its provenance knows how many brokers the cluster listed).
 *
 * @param count how many, or null when not given
 * @param type the instance type, as the price file names it
 */
public record Machines(Integer count, String type) {

    private static final Pattern FORM = Pattern.compile("(?:(\\d+)\\s*[x×*]\\s*)?([A-Za-z0-9][A-Za-z0-9._-]*)");

    /** Parses {@code value} of {@code option}; {@link IllegalArgumentException} with one line when it is not COUNTxTYPE. */
    public static Machines parse(String option, String value) {
        Matcher m = FORM.matcher(value == null ? "" : value.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException(option + " must be COUNTxTYPE, e.g. 3xkafka.m7g.large (or the type alone, to take "
                    + "the count from the result); got '" + value + "'");
        }
        Integer count = m.group(1) == null ? null : Integer.valueOf(m.group(1));
        if (count != null && count < 1) {
            throw new IllegalArgumentException(option + " needs at least 1 machine; got '" + value + "'");
        }
        return new Machines(count, m.group(2));
    }

    public Machines withCount(int n) {
        return new Machines(n, type);
    }
}
