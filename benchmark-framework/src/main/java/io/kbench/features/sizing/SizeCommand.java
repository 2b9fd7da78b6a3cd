package io.kbench.features.sizing;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/benchmark size}: storage per broker and a partition count for a topic, worked out step
 * by step as in the MSK sizing study. Touches no cluster.
 */
@Command(
        name = "size",
        description = {
            "Sizes a topic's storage per broker as a worked calculation you can check by hand (ingress, storage for the "
                    + "retention, with replication, per broker), and suggests a partition count. Touches no cluster.",
            "",
            "Each line starts from the figure shown on the line above, rounded as the MSK sizing study rounds: ingress "
                    + "in KB/s to 3 significant figures, storage to 2 decimals, the answer to 3 significant figures. Where "
                    + "that differs from the figure computed without rounding, the unrounded one is shown too.",
            "",
            "Units: every size, read or printed, counts in powers of 1,024, as everywhere in kbench: KB = 1,024 bytes, "
                    + "MB = 1,048,576 bytes, TB = 1,024^4 bytes; KiB and MiB are the same. So --record-size 2.5KB is "
                    + "2,560 bytes; for records of 2,500 bytes, give --record-size 2500.",
            ""
        },
        footer = {
            "",
            "Partitions: with --from-result, one partition is taken to carry what it carried in that run (publish MB/s "
                    + "divided by its partitions), and the count is sized for the target ingress with 25%% headroom (each "
                    + "partition at most 80%% of the measured). Use an unthrottled run (producerRate: -1): a throttled run "
                    + "only shows what it was asked for. The MSK study's rule of thumb, if latency matters: at most "
                    + "100 x brokers x replication factor partitions per broker.",
            "",
            "Exit status: 0 done; 2 bad input (one line says what).",
            "Example (the MSK sizing study's topic):",
            "  bin/benchmark size --rate 10000 --record-size 2.5KB --retention 7d --replication-factor 3 --brokers 4"
        })
public final class SizeCommand implements Callable<Integer> {

    /** The exit status of bin/benchmark: 0 done, 2 bad input (nothing was computed). */
    private static final int EXIT_OK = 0;
    private static final int EXIT_BAD_INPUT = 2;

    @Option(names = "--rate", paramLabel = "EVENTS/S", description = "Events (records) per second written to the topic, e.g. 10000.")
    String rate;

    @Option(names = "--record-size", paramLabel = "SIZE",
            description = "Average record size: a bare number is bytes; KB (or KiB) = 1,024 bytes, MB (or MiB) = "
                    + "1,048,576 bytes, so 2.5KB = 2,560 bytes. E.g. 2500 or 2.5KB.")
    String recordSize;

    @Option(names = "--retention", paramLabel = "DURATION",
            description = "How long the topic keeps data, with a unit: d, h, m, s or ms (7d, 36h, 1d12h).")
    String retention;

    @Option(names = "--replication-factor", paramLabel = "N", description = "Copies of each partition, e.g. 3.")
    String replicationFactor;

    @Option(names = "--brokers", paramLabel = "N", description = "Brokers sharing the replicas evenly; at least the replication factor.")
    String brokers;

    @Option(names = "--from-result", paramLabel = "FILE.json",
            description = "A kbench result (ideally of an unthrottled run on the same cluster) to size partitions from its "
                    + "measured throughput per partition.")
    Path fromResult;

    private final PrintStream out;
    private final PrintStream err;

    public SizeCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        List<String> missing = new ArrayList<>();
        if (rate == null) missing.add("--rate");
        if (recordSize == null) missing.add("--record-size");
        if (retention == null) missing.add("--retention");
        if (replicationFactor == null) missing.add("--replication-factor");
        if (brokers == null) missing.add("--brokers");
        if (!missing.isEmpty()) {
            err.println("Missing " + String.join(", ", missing) + ": e.g. bin/benchmark size --rate 10000 --record-size 2.5KB "
                    + "--retention 7d --replication-factor 3 --brokers 4 (bin/benchmark size --help explains each)");
            return EXIT_BAD_INPUT;
        }
        StorageSizing sizing;
        PartitionAdvice.Measured measured;
        try {
            BigDecimal events = SizeInput.rate(rate);
            BigDecimal bytes = SizeInput.recordBytes(recordSize);
            Duration kept = SizeInput.retention(retention);
            int rf = SizeInput.atLeast("--replication-factor", replicationFactor, 1);
            int brokerCount = SizeInput.atLeast("--brokers", brokers, 1);
            if (brokerCount < rf) {
                throw new IllegalArgumentException("--brokers " + brokerCount + " is fewer than --replication-factor " + rf
                        + ": each replica of a partition needs its own broker");
            }
            sizing = new StorageSizing(events, bytes, recordSize.strip(), kept, retention.strip(), rf, brokerCount);
            measured = fromResult == null ? null : PartitionAdvice.read(fromResult);
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return EXIT_BAD_INPUT;
        }
        sizing.lines().forEach(out::println);
        out.println();
        PartitionAdvice.lines(sizing.mbPerSecondExact(), sizing.brokers(), sizing.replicationFactor(), measured)
                .forEach(out::println);
        out.flush();
        return EXIT_OK;
    }
}
