package io.kbench.features.search;

import io.kbench.config.DurationConverter;
import io.kbench.config.DurationParser;
import io.kbench.features.CommandContext;
import io.kbench.features.FeatureCommand;
import io.kbench.workload.WorkloadLoader;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/benchmark find-max WORKLOAD.yaml}: the highest rate the cluster sustains within an SLO,
 * found in measured steps on the same topics and clients, then confirmed.
 */
@Command(
        name = "find-max",
        description = {
            "Finds the highest rate the cluster sustains while the SLO holds, and writes every step to one result JSON.",
            "",
            "From a seed rate (the workload's producerRate, or a short probe), it doubles the rate until a step fails, then "
                    + "bisects between the last pass and the first failure down to --precision, then confirms the rate found "
                    + "for the workload's test duration (or --confirm-duration). Each step settles, is measured, and the "
                    + "backlog is drained.",
            "",
            "A step passes when at least 99%% of the requested rate was achieved (98%% to 99%% in short steps, whose edges move it "
                    + "by up to their p99 publish latency), the backlog did not grow, no send failed, "
                    + "nothing was left undelivered and the SLO holds. When a step falls short because the clients, not the "
                    + "cluster, are the limit, going higher would measure the clients: the search bisects between the best rate "
                    + "that passed and what the clients reached, confirms the rate found, and says that the cluster sustained at "
                    + "least that rate, that the clients set the bound, and how many more producers or workers would lift it. "
                    + "When the probe's or a step's messages outlast --drain-timeout, the search stops (incomplete), because "
                    + "the next step would count them as its own.",
            ""
        },
        footer = {
            "",
            "SLO: comma-separated bounds METRIC.STAT<=LIMIT, with METRIC publish (ack - intended send), send (ack - actual "
                    + "send) or e2e (end to end); STAT avg, max, p50, p75, p95, p99, p99.9 or p99.99; LIMIT with a unit: us, ms "
                    + "or s. Without --slo only the throughput criteria apply.",
            "",
            "Exit status: 0 a rate was found and confirmed (when the clients were the limit, that rate is a lower bound for "
                    + "the cluster: the answer, the diagnosis and the result's search.clientLimit say so); 1 no confirmed "
                    + "rate (the seed failed, the confirmation failed, the time ran out, a drain gave up, the clients were the "
                    + "limit before any rate passed, or the run failed; the result is written, in failed/ under --output-dir); 2 bad "
                    + "input or unusable workers (nothing was run); 3 the confirmation was degraded (unacknowledged, lost, "
                    + "duplicated or reordered messages); 4 a CKU check (--cku or the workload's cku) ended FAIL.",
            "",
            "Examples:",
            "  bin/benchmark find-max workloads/simple.yaml",
            "  bin/benchmark find-max --slo 'publish.p99<=50ms,e2e.p99<=200ms' --drivers driver-kafka/msk.yaml workloads/1000-partitions.yaml"
        })
final class FindMaxCommand implements Callable<Integer> {

    /** How bin/benchmark finds it: a command that runs workloads, with the search's defaults. */
    static final FeatureCommand COMMAND = new FeatureCommand() {
        @Override
        public String name() {
            return "find-max";
        }

        @Override
        public boolean runsWorkloads() {
            return true;
        }

        @Override
        public Object create(CommandContext context) {
            return new FindMaxCommand(context);
        }

        @Override
        public Map<String, String> optionDefaults() {
            return Map.of("--precision", plain(SearchSettings.DEFAULT_PRECISION * 100) + "%",
                    "--settle", DurationParser.format(SearchSettings.DEFAULT_SETTLE),
                    "--step-duration", DurationParser.format(SearchSettings.DEFAULT_STEP),
                    "--max-duration", DurationParser.format(SearchSettings.DEFAULT_MAX_DURATION),
                    "--probe", DurationParser.format(SearchSettings.DEFAULT_PROBE));
        }
    };

    @Parameters(paramLabel = "WORKLOAD.yaml", arity = "1", description = "The workload whose rate is searched (OpenMessaging Benchmark format).")
    Path workload;

    @Option(names = "--slo", paramLabel = "EXPR", description = "Latency objectives every step must meet, e.g. publish.p99<=50ms,e2e.p99<=200ms.")
    String slo;

    @Option(names = "--precision", paramLabel = "PERCENT",
            description = "Stop bisecting when the passing and failing rates are this close (default: ${DEFAULT-VALUE}).")
    String precision;

    @Option(names = "--settle", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long each step runs at its rate before it is measured (default: ${DEFAULT-VALUE}).")
    Duration settle;

    @Option(names = "--step-duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long each step is measured (default: ${DEFAULT-VALUE}).")
    Duration step;

    @Option(names = "--confirm-duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long the rate found is measured again to confirm it (default: the workload's test duration).")
    Duration confirm;

    @Option(names = "--max-duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Time the search may take, confirmation excluded; after it, the best bounds so far are reported, "
                    + "marked incomplete (default: ${DEFAULT-VALUE}).")
    Duration maxDuration;

    @Option(names = "--probe", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Without a producerRate (or --rate) to start from, an unthrottled probe this long seeds the search "
                    + "at half of what it achieved (default: ${DEFAULT-VALUE}).")
    Duration probe;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Result file. An existing file is never replaced: a number is added.")
    Path output;

    private final CommandContext context;

    FindMaxCommand(CommandContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        SearchSettings settings;
        try {
            settings = settings();
        } catch (IllegalArgumentException e) {
            context.err().println(e.getMessage());
            return context.badInput();
        }
        return context.run(workload, output, settings, WorkloadLoader::forSearch);
    }

    SearchSettings settings() {
        Slo parsed = slo == null || slo.isBlank() ? Slo.THROUGHPUT_ONLY : Slo.parse(slo);
        double share = percent(precision);
        atLeast("--settle", settle, Duration.ZERO);
        atLeast("--step-duration", step, Duration.ofSeconds(1));
        if (confirm != null) {
            atLeast("--confirm-duration", confirm, Duration.ofSeconds(1));
        }
        atLeast("--max-duration", maxDuration, Duration.ofSeconds(1));
        atLeast("--probe", probe, Duration.ofSeconds(1));
        return new SearchSettings(parsed, share, settle, step, confirm, maxDuration, probe, false);
    }

    private static String plain(double v) {
        return BigDecimal.valueOf(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** "5%" or "5" is 0.05; between 0.1% and 50%. */
    static double percent(String text) {
        String t = text.trim();
        if (t.endsWith("%")) {
            t = t.substring(0, t.length() - 1).trim();
        }
        double value;
        try {
            value = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--precision: '" + text + "' is not a percentage, e.g. 5%");
        }
        if (!(value >= 0.1 && value <= 50)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "--precision must be between 0.1%% and 50%%, e.g. 5%%; got %s", text));
        }
        return value / 100;
    }

    private static void atLeast(String option, Duration value, Duration min) {
        if (value.compareTo(min) < 0) {
            throw new IllegalArgumentException(option + " must be at least " + (min.isZero() ? "0s" : min.toSeconds() + "s")
                    + ", got " + value.toMillis() + "ms");
        }
    }
}
