package io.kbench.driver;

/**
 * A failure the user can act on: bad configuration, an unreachable cluster, a refused request.
 * The message is shown as it is, so it must say what happened and what to do, and must never
 * contain a secret.
 */
public class DriverException extends RuntimeException {

    private final String field;

    public DriverException(String message) {
        this(null, message, null);
    }

    public DriverException(String message, Throwable cause) {
        this(null, message, cause);
    }

    /** @param field the driver-file field at fault (e.g. "commonConfig"), or null */
    public DriverException(String field, String message, Throwable cause) {
        super(message, cause);
        this.field = field;
    }

    /** The driver-file field at fault, or {@code null}. */
    public String field() {
        return field;
    }
}
