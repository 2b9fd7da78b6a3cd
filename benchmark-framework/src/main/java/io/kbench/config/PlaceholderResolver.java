package io.kbench.config;

import io.kbench.driver.SecretNames;
import io.kbench.secret.Redactor;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.text.StringSubstitutor;

/**
 * Expands placeholders in configuration string values.
 *
 * <ul>
 *   <li>{@code ${NAME}}, {@code ${env:NAME}}: environment variable NAME; error if it is not set.</li>
 *   <li>{@code ${NAME:-default}}, {@code ${env:NAME:-default}}: the default when NAME is unset or empty.</li>
 *   <li>{@code ${file:path}}: the file's UTF-8 contents minus one trailing newline; a relative path resolves
 *       against the source's {@link ConfigSource#baseDir()} (the working directory when there is none).</li>
 *   <li><code>$${</code> is a literal <code>${</code>.</li>
 * </ul>
 * A placeholder ends at the first <code>'}'</code>, so defaults cannot contain <code>'}'</code> and placeholders
 * do not nest. commons-text's {@link StringSubstitutor} finds the placeholders and escapes; the lookup is ours
 * (names, defaults, files, and errors that name the line and field).
 *
 * <p>Every value taken from the environment or a file is remembered in {@link #substitutedValues()} so that
 * output can be redacted; such values never appear in error messages. Defaults are not recorded (they are
 * written in the configuration itself). Thread-safe.
 */
public final class PlaceholderResolver {

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
    private static final Pattern KIND_PREFIX = Pattern.compile("[A-Za-z][A-Za-z0-9]*");
    /** A ${ not escaped as $${ (the substitutor's rule: a '$' right before it escapes it). */
    private static final Pattern UNESCAPED_OPEN = Pattern.compile("(?<!\\$)\\$\\{");

    private final Function<String, String> env;
    private final boolean keepUnset;
    private final Redactor redactor;
    private final Set<String> substituted = Collections.synchronizedSet(new LinkedHashSet<>());
    private final Set<String> unset = Collections.synchronizedSet(new LinkedHashSet<>());

    /** Resolves against the real process environment. */
    public PlaceholderResolver() {
        this(System::getenv);
    }

    /** @param env environment lookup returning null for unset variables (tests pass a map's {@code get}) */
    public PlaceholderResolver(Function<String, String> env) {
        this(env, false);
    }

    /**
     * @param keepUnset leave a placeholder of an unset variable as written instead of failing: for a
     *     coordinator that validates files whose variables are set on remote workers; see {@link #unsetVariables()}
     */
    public PlaceholderResolver(Function<String, String> env, boolean keepUnset) {
        this(env, keepUnset, Redactor.process());
    }

    /** @param redactor learns every value substituted from the environment or a file, to mask it wherever it appears */
    public PlaceholderResolver(Function<String, String> env, boolean keepUnset, Redactor redactor) {
        this.env = Objects.requireNonNull(env, "env");
        this.keepUnset = keepUnset;
        this.redactor = Objects.requireNonNull(redactor, "redactor");
    }

    /** Variables that were not set and were left as written (only with {@code keepUnset}). */
    public Set<String> unsetVariables() {
        synchronized (unset) {
            return Collections.unmodifiableSet(new LinkedHashSet<>(unset));
        }
    }

    /**
     * Expands all placeholders in {@code value}.
     *
     * @param source where the value came from (for error messages and relative file paths); nullable
     * @param line   1-based line of the value, nullable; errors point at the placeholder's own line when it
     *               can be found in the source text at or after this line (multi-line values)
     * @param field  dotted field path for error messages; nullable
     * @throws ConfigException for an unset variable without default, an unreadable file, or a malformed placeholder
     */
    public String resolve(String value, ConfigSource source, Integer line, String field) {
        if (value == null || !value.contains("${")) {
            return value;
        }
        Where where = new Where(source, line, field);
        // The substitutor leaves an unterminated ${ as written and keeps the escape of a $${ that no '}' follows;
        // here the first is a mistake and the second still a literal ${. So it only sees the text up to the last '}'.
        int end = value.lastIndexOf('}') + 1;
        String tail = value.substring(end);
        Matcher open = UNESCAPED_OPEN.matcher(tail);
        if (open.find()) {
            String raw = tail.substring(open.start(), Math.min(tail.length(), open.start() + 40));
            throw where.error(raw, "unterminated placeholder '" + raw + "' (missing '}')" + where.usedIn()
                    + ". Write $${ for a literal ${");
        }
        StringSubstitutor substitutor = new StringSubstitutor(body -> expand(body, where))
                .setValueDelimiterMatcher(null) // fromEnv reads defaults: they also replace an empty value
                .setDisableSubstitutionInValues(true); // a substituted value is never expanded again
        return substitutor.replace(value.substring(0, end)) + tail.replace("$${", "${");
    }

    /** Snapshot of every non-empty value taken from the environment or a file so far. */
    public Set<String> substitutedValues() {
        synchronized (substituted) {
            return Collections.unmodifiableSet(new LinkedHashSet<>(substituted));
        }
    }

    /** The value of the placeholder {@code ${body}}, or null to leave it as written. */
    private String expand(String body, Where where) {
        String raw = "${" + body + "}";
        if (body.startsWith("env:")) {
            return fromEnv(body.substring(4), "env:", raw, where);
        }
        if (body.startsWith("file:")) {
            return fromFile(body.substring(5), raw, where);
        }
        int colon = body.indexOf(':');
        if (colon > 0 && !body.startsWith(":-", colon) && KIND_PREFIX.matcher(body.substring(0, colon)).matches()) {
            throw where.error(raw, "unknown placeholder type '" + body.substring(0, colon) + ":' in "
                    + raw + where.usedIn() + ". Use ${NAME}, ${NAME:-default}, ${env:NAME} or ${file:path}"
                    + " (write $${ for a literal ${)");
        }
        return fromEnv(body, "", raw, where);
    }

    private String fromEnv(String spec, String style, String raw, Where where) {
        int dash = spec.indexOf(":-");
        String name = dash >= 0 ? spec.substring(0, dash) : spec;
        String fallback = dash >= 0 ? spec.substring(dash + 2) : null;
        if (!ENV_NAME.matcher(name).matches()) {
            throw where.error(raw, "invalid placeholder " + raw + where.usedIn()
                    + ": '" + name + "' is not a variable name (letters, digits, '_' and '.', not starting with a digit)."
                    + " Write $${ for a literal ${");
        }
        String value = env.apply(name);
        if (value == null || (value.isEmpty() && fallback != null)) {
            if (fallback != null) {
                return fallback;
            }
            if (keepUnset) {
                unset.add(name);
                return null;
            }
            throw where.error(raw, "environment variable " + name + " is not set" + where.usedIn()
                    + ". Set it, or give a default: ${" + style + name + ":-value}");
        }
        remember(value);
        if (SecretNames.isSecret(name)) { // masked in all output from now on
            redactor.register(value);
        }
        return value;
    }

    private String fromFile(String spec, String raw, Where where) {
        if (spec.isBlank()) {
            throw where.error(raw, "placeholder " + raw + " names no file" + where.usedIn());
        }
        Path path;
        try {
            path = Path.of(spec);
        } catch (InvalidPathException e) {
            throw where.error(raw, "placeholder " + raw + " is not a valid path" + where.usedIn());
        }
        if (!path.isAbsolute()) {
            path = where.baseDir().resolve(path);
        }
        path = path.toAbsolutePath().normalize();
        String via = where.usedIn() + " via " + raw;
        if (Files.isDirectory(path)) {
            throw where.error(raw, "file " + path + " is a directory" + via);
        }
        String text;
        try {
            text = Files.readString(path); // strict: malformed UTF-8 throws instead of becoming U+FFFD
        } catch (NoSuchFileException e) {
            throw where.error(raw, "file " + path + " not found" + via);
        } catch (AccessDeniedException e) {
            throw where.error(raw, "cannot read file " + path + ": permission denied" + via);
        } catch (CharacterCodingException e) {
            throw where.error(raw, "file " + path + " is not UTF-8 text" + via);
        } catch (IOException e) {
            throw where.error(raw, "cannot read file " + path + via);
        }
        if (text.endsWith("\r\n")) {
            text = text.substring(0, text.length() - 2);
        } else if (text.endsWith("\n")) {
            text = text.substring(0, text.length() - 1);
        }
        remember(text);
        redactor.register(text); // files are where secrets are kept
        return text;
    }

    private void remember(String value) {
        if (!value.isEmpty()) {
            substituted.add(value);
        }
    }

    /** Where the value being expanded came from, for error messages and relative file paths. */
    private record Where(ConfigSource source, Integer line, String field) {

        String usedIn() {
            return field == null || field.isEmpty() ? "" : " (used in field '" + field + "')";
        }

        ConfigException error(String raw, String problem) {
            return ConfigException.at(source == null ? null : source.name(), placeholderLine(source, line, raw),
                    field, problem);
        }

        Path baseDir() {
            return source != null && source.baseDir() != null ? source.baseDir() : Path.of("");
        }
    }

    /** The line where {@code raw} literally appears, searching from {@code line}; else {@code line}. */
    static Integer placeholderLine(ConfigSource source, Integer line, String raw) {
        if (source == null || line == null || line < 1) {
            return line;
        }
        String[] lines = source.text().split("\r\n|\r|\n", -1);
        for (int i = line - 1; i < lines.length && i < line - 1 + 10_000; i++) {
            if (lines[i].contains(raw)) {
                return i + 1;
            }
        }
        return line;
    }
}
