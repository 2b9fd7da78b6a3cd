package io.kbench.config;

import java.time.Duration;
import picocli.CommandLine;

/** Lets options take durations with units, like workload files: 500ms, 30s, 5m, 1h. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        try {
            return DurationParser.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
