package io.kbench.driver;

import java.util.regex.Pattern;

/**
 * Whether a name (a config key such as {@code ssl.key.password}, an environment variable such as
 * {@code DB_PASS}) says its value is a secret, and what a masked secret looks like. The framework
 * and drivers use this one rule, so a value hidden in one place is hidden in every other.
 */
public final class SecretNames {

    /** What a secret is replaced with in anything printed, logged or stored. */
    public static final String MASK = "******";

    /** Words that mark a secret wherever they appear in a name. */
    private static final Pattern SECRET_WORD = Pattern.compile(
            "(?i).*(password|passwd|passphrase|secret|token|credential|jaas|api[._-]?key|private[._-]?key|access[._-]?key).*");
    /**
     * Words that mark a secret only standing alone between separators: {@code PASS} as in
     * {@code DB_PASS} but not {@code BYPASS}, and a trailing {@code KEY} as in {@code SSH_KEY} but
     * not {@code key.serializer} or {@code keyDistributor}, which hold no secret. ({@code PWD} is
     * not one: it is the shell's working directory.)
     */
    private static final Pattern SECRET_PART = Pattern.compile("(?i)(.*[._-])?(pass([._-].*)?|key)");

    private SecretNames() {}

    /** True when {@code name} says its value is a secret; null is no name and holds none. */
    public static boolean isSecret(String name) {
        return name != null && (SECRET_WORD.matcher(name).matches() || SECRET_PART.matcher(name).matches());
    }
}
