package io.kbench.cli;

import io.kbench.config.DurationParser;
import io.kbench.coordinator.CoordinatorOptions;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The commands' defaults, read from the records that hold them ({@link CoordinatorOptions#defaults()}, and the
 * features' commands' own), so that --help and a run without the option agree by construction.
 */
public final class OptionDefaults implements IDefaultValueProvider {

    /** Where results go without --output-dir. */
    static final Path OUTPUT_DIR = Path.of("results");

    private static final Map<String, String> DEFAULTS = defaults();

    private static Map<String, String> defaults() {
        CoordinatorOptions c = CoordinatorOptions.defaults();
        Map<String, String> defaults = new HashMap<>(FeatureCommands.optionDefaults());
        defaults.putAll(Map.ofEntries(
                Map.entry("--output-dir", OUTPUT_DIR.toString()),
                Map.entry("--progress-interval", DurationParser.format(c.progressInterval())),
                Map.entry("--drain-timeout", DurationParser.format(c.drainTimeout())),
                Map.entry("--stall-timeout", DurationParser.format(c.stallTimeout())),
                Map.entry("--worker-lease", DurationParser.format(c.lease())),
                Map.entry("--max-unacked-percent", plain(c.maxUnackedRatio() * 100))));
        return Map.copyOf(defaults);
    }

    private static String plain(double v) {
        return BigDecimal.valueOf(v).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        return arg instanceof OptionSpec o ? DEFAULTS.get(o.longestName()) : null;
    }
}
