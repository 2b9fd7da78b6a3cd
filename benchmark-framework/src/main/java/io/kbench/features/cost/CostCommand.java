package io.kbench.features.cost;

import io.kbench.config.DurationParser;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/benchmark cost}: what measured runs cost with the prices of a dated, sourced price file. */
@Command(
        name = "cost",
        description = {
            "Prices measured runs: per hour, the cluster (brokers or CKUs), the client machines, storage at the workload's "
                    + "retention and cross-zone traffic from the measured bytes; then per month (730 h), dollars per "
                    + "sustained MB/s-month and per TB ingested, and the traffic's share. Touches no cluster.",
            "",
            "The sustained rate is the run's measured publish MB/s; for a max-rate search, the rate it confirmed at its "
                    + "objective. Storage is sustained MB/s × retention × replication factor (the retention and the "
                    + "replication factor from the result, or from the options). Cross-zone traffic is priced from the "
                    + "result's zones section (bytes that crossed a zone boundary, charged leaving one zone and entering the "
                    + "other); without it, it is not priced. What the price file or the result does not tell is \"not "
                    + "priced\", never $0, and every total says what it leaves out. GB = 1,024 MB, TB = 1,024 GB.",
            "",
            "Prices are inputs, not truths: the output names the price file and its date, and warns when the file is more "
                    + "than a year old. Shipped files are in prices/ (see docs/guide/cost.md); your own file replaces them.",
            ""
        },
        footer = {
            "",
            "Exit status: 0 done; 2 bad input (one line says what: a file, an option, an instance type the price file lacks).",
            "Examples:",
            "  bin/benchmark cost results/run.json --brokers 3xkafka.m7g.large \\",
            "      --clients 2xc7g.xlarge --prices prices/aws-us-east-1-2024-06.yaml",
            "  bin/benchmark cost results/cku.json --ckus 2 --clients 4xc6i.xlarge \\",
            "      --prices prices/confluent-cloud-2024-06.yaml"
        })
public final class CostCommand implements Callable<Integer> {

    private static final int EXIT_OK = 0;
    private static final int EXIT_BAD_INPUT = 2;
    private static final Pattern DAYS = Pattern.compile("^(\\d+)\\s*d(?![a-z])\\s*(.*)$");

    @Parameters(paramLabel = "RESULT", arity = "1..*", description = "Result files (JSON) of kbench runs, sweeps' runs or "
            + "max-rate searches.")
    List<Path> results = new ArrayList<>();

    @Option(names = "--prices", paramLabel = "FILE",
            description = "The price file (YAML): a shipped one in prices/, or your own of the same form.")
    Path pricesFile;

    @Option(names = "--brokers", paramLabel = "COUNTxTYPE",
            description = "The cluster's brokers, e.g. 3xkafka.m7g.large; the type alone takes the count from the result "
                    + "(the brokers the cluster listed).")
    String brokers;

    @Option(names = "--ckus", paramLabel = "N",
            description = "Confluent Cloud CKUs, instead of --brokers; by default the result's CKU check's count, if any.")
    Integer ckus;

    @Option(names = "--clients", paramLabel = "COUNTxTYPE",
            description = "The client machines, e.g. 2xc7g.xlarge; the type alone takes the count from the result (the "
                    + "hosts its workers ran on).")
    String clients;

    @Option(names = "--storage-gb", paramLabel = "GB",
            description = "The storage to price, in GB, instead of working it out from the retention.")
    Double storageGb;

    @Option(names = "--retention", paramLabel = "DURATION",
            description = "The topics' retention (7d, 36h, 1d12h), instead of the result's.")
    String retention;

    @Option(names = "--replication-factor", paramLabel = "N",
            description = "The replication factor, instead of the result's (the driver file's).")
    Integer replicationFactor;

    @Option(names = "--consumers-outside",
            description = "The consumers read from outside the cloud: price what they consumed as data out.")
    boolean consumersOutside;

    private final PrintStream out;
    private final PrintStream err;
    private final Clock clock;

    public CostCommand(PrintStream out, PrintStream err, Clock clock) {
        this.out = out;
        this.err = err;
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PriceFile prices;
        CostSetup setup;
        List<RunCost> costs = new ArrayList<>();
        try {
            setup = setup();
            prices = PriceFileReader.read(pricesFile);
            for (Path result : results) {
                costs.add(CostCalculator.cost(ResultReader.read(result), prices, setup));
            }
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return EXIT_BAD_INPUT;
        }
        PriceFileReader.ageWarning(prices, clock).ifPresent(out::println);
        for (RunCost cost : costs) {
            CostTable.lines(cost).forEach(out::println);
            out.println();
        }
        out.flush();
        return EXIT_OK;
    }

    private CostSetup setup() {
        if (pricesFile == null) {
            throw new IllegalArgumentException("Missing --prices FILE: e.g. bin/benchmark cost RESULT.json --prices "
                    + "prices/aws-us-east-1-2024-06.yaml --brokers 3xkafka.m7g.large (bin/benchmark cost --help explains each)");
        }
        if (brokers != null && ckus != null) {
            throw new IllegalArgumentException("--brokers and --ckus both price the cluster: give one");
        }
        if (ckus != null && ckus < 1) {
            throw new IllegalArgumentException("--ckus must be at least 1; got " + ckus);
        }
        if (storageGb != null && !(storageGb >= 0)) {
            throw new IllegalArgumentException("--storage-gb must be a number of GB, at least 0; got " + storageGb);
        }
        if (replicationFactor != null && replicationFactor < 1) {
            throw new IllegalArgumentException("--replication-factor must be at least 1; got " + replicationFactor);
        }
        return new CostSetup(brokers == null ? null : Machines.parse("--brokers", brokers), ckus,
                clients == null ? null : Machines.parse("--clients", clients), storageGb,
                retention == null ? null : retention(retention), replicationFactor, consumersOutside);
    }

    /** A duration as elsewhere in kbench (30s, 5m, 12h), plus whole days (7d, 1d12h). */
    static Duration retention(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        Duration days = Duration.ZERO;
        Matcher m = DAYS.matcher(s);
        if (m.matches()) {
            days = Duration.ofDays(Long.parseLong(m.group(1)));
            s = m.group(2);
        }
        try {
            Duration total = days.plus(s.isEmpty() ? Duration.ZERO : DurationParser.parse(s));
            if (!total.isZero()) {
                return total;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new IllegalArgumentException("--retention must be a duration like 7d, 36h or 1d12h (units d, h, m, s, ms); got '"
                + text + "'");
    }
}
