package io.kbench.cli;

import io.kbench.config.DurationParser;
import io.kbench.coordinator.CoordinatorOptions;
import io.kbench.search.SearchSettings;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The commands' defaults, read from the records that hold them ({@link CoordinatorOptions#defaults()},
 * {@link SearchSettings}), so that --help and a run without the option agree by construction.
 */
public final class OptionDefaults implements IDefaultValueProvider {

    /** Where results go without --output-dir. */
    static final Path OUTPUT_DIR = Path.of("results");

    private static final Map<String, String> DEFAULTS = defaults();

    private static Map<String, String> defaults() {
        CoordinatorOptions c = CoordinatorOptions.defaults();
        return Map.ofEntries(
                Map.entry("--output-dir", OUTPUT_DIR.toString()),
                Map.entry("--progress-interval", DurationParser.format(c.progressInterval())),
                Map.entry("--sample-interval", DurationParser.format(c.sampleInterval())),
                Map.entry("--drain-timeout", DurationParser.format(c.drainTimeout())),
                Map.entry("--stall-timeout", DurationParser.format(c.stallTimeout())),
                Map.entry("--worker-lease", DurationParser.format(c.lease())),
                Map.entry("--max-unacked-percent", plain(c.maxUnackedRatio() * 100)),
                Map.entry("--precision", plain(SearchSettings.DEFAULT_PRECISION * 100) + "%"),
                Map.entry("--settle", DurationParser.format(SearchSettings.DEFAULT_SETTLE)),
                Map.entry("--step-duration", DurationParser.format(SearchSettings.DEFAULT_STEP)),
                Map.entry("--max-duration", DurationParser.format(SearchSettings.DEFAULT_MAX_DURATION)),
                Map.entry("--probe", DurationParser.format(SearchSettings.DEFAULT_PROBE)));
    }

    private static String plain(double v) {
        return BigDecimal.valueOf(v).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        return arg instanceof OptionSpec o ? DEFAULTS.get(o.longestName()) : null;
    }
}
