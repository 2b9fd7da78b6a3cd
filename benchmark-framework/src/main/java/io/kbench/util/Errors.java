package io.kbench.util;

/** Describes exceptions in one line for users, without stack traces. */
public final class Errors {

    private Errors() {}

    /**
     * The message of this tool's own exceptions (written for users), else {@link #describe}.
     */
    public static String describeForUser(Throwable error) {
        if (error.getClass().getName().startsWith("io.kbench.") && error.getMessage() != null) {
            return error.getMessage();
        }
        return describe(error);
    }

    /** "SimpleName: message" of the innermost cause that has a message (the most specific one). */
    public static String describe(Throwable error) {
        Throwable best = error;
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                best = t;
            }
        }
        String message = best.getMessage();
        return best.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
