package io.kbench.util;

/**
 * Logging defaults for the command-line tools, set before the first logger exists: libraries
 * only report warnings (the AWS libraries only errors: they log every credential retry with a stack
 * trace), our own console output is not logging. Any -D option given by the user wins.
 */
public final class LogDefaults {

    private LogDefaults() {}

    /** @param ownLevel level of the tool's own loggers ("warn" for the CLI, "info" for the worker agent) */
    public static void apply(String ownLevel) {
        setIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        setIfAbsent("org.slf4j.simpleLogger.log.io.kbench", ownLevel);
        setIfAbsent("org.slf4j.simpleLogger.log.software.amazon", "error");
        setIfAbsent("org.slf4j.simpleLogger.showDateTime", "true");
        setIfAbsent("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
