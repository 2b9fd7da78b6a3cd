package io.kbench.config;

/**
 * A configuration problem the user can act on. The message is ready to print as is:
 * {@code "<source>:<line>: <problem>"}, or {@code "<source>: <problem>"} when there is no line.
 *
 * <p>Messages never contain values substituted from environment or file placeholders, nor class names.
 */
public final class ConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final Integer line;
    private final String field;
    private final String problem;

    /**
     * @param source  what the user calls the input (a path as typed, or a name for text from the network); nullable
     * @param line    1-based line, or null when unknown
     * @param field   dotted field path such as {@code localCluster.brokers} or {@code producers[0].rate}; nullable
     * @param problem the problem, phrased for the user, without location prefix
     */
    public ConfigException(String source, Integer line, String field, String problem) {
        super(format(source, line, problem));
        this.source = source;
        this.line = line != null && line > 0 ? line : null;
        this.field = field == null || field.isEmpty() ? null : field;
        this.problem = problem;
    }

    /** A problem with a line (and optionally the field it concerns). */
    public static ConfigException at(String source, Integer line, String field, String problem) {
        return new ConfigException(source, line, field, problem);
    }

    /** Same as {@link #at(String, Integer, String, String)} with {@code source.name()}. */
    public static ConfigException at(ConfigSource source, Integer line, String field, String problem) {
        return new ConfigException(source == null ? null : source.name(), line, field, problem);
    }

    /** Same as {@link #of(String, String)} with {@code source.name()}. */
    public static ConfigException of(ConfigSource source, String problem) {
        return new ConfigException(source == null ? null : source.name(), null, null, problem);
    }

    /** A problem with no location inside the source (file missing, empty document, ...). */
    public static ConfigException of(String source, String problem) {
        return new ConfigException(source, null, null, problem);
    }

    public String source() {
        return source;
    }

    /** 1-based line number, or null. */
    public Integer line() {
        return line;
    }

    /** Dotted path of the field concerned, or null. */
    public String field() {
        return field;
    }

    /** The message without the {@code source:line:} prefix. */
    public String problem() {
        return problem;
    }

    private static String format(String source, Integer line, String problem) {
        StringBuilder sb = new StringBuilder();
        if (source != null && !source.isEmpty()) {
            sb.append(source);
            if (line != null && line > 0) {
                sb.append(':').append(line);
            }
            sb.append(": ");
        } else if (line != null && line > 0) {
            sb.append("line ").append(line).append(": ");
        }
        return sb.append(problem).toString();
    }
}
