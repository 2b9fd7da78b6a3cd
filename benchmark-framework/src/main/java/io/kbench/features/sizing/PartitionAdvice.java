package io.kbench.features.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A partition count for a target ingress: from a measured run (its publish MB/s ÷ its partitions
 * = what one partition carried), with headroom, and the MSK study's rule of thumb for latency.
 */
public final class PartitionAdvice {

    /**
     * Partitions are sized to carry at most 1 / HEADROOM (80 %) of what one partition carried in the
     * measured run, leaving room for bursts, uneven keys and a broker down.
     */
    public static final double HEADROOM = 1.25;

    /** The MSK sizing study's rule of thumb, if latency matters: at most 100 × brokers × replication factor partitions per broker. */
    public static final int PER_BROKER_FACTOR = 100;

    private PartitionAdvice() {}

    /**
     * What one measured run tells about a partition's throughput.
     *
     * @param file the result file
     * @param name the workload's name
     * @param status the run's status
     * @param publishMBps measured publish MB/s
     * @param partitions the run's partitions (topics × partitionsPerTopic)
     * @param requestedRate the run's requested rate in msg/s, or -1 when unthrottled
     * @param fellBehind whether that run's producers fell behind their rate
     */
    public record Measured(String file, String name, String status, double publishMBps, long partitions,
                           double requestedRate, boolean fellBehind) {

        public double perPartitionMBps() {
            return publishMBps / partitions;
        }

        /** A throttled run that kept its rate only shows what it was asked for, not what a partition can take. */
        public boolean onlyWhatWasAsked() {
            return requestedRate > 0 && !fellBehind;
        }
    }

    /** Reads a kbench result file; {@link IllegalArgumentException} with one line if it cannot be used. */
    public static Measured read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("--from-result " + file + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException("--from-result " + file + ": not a kbench result file (" + firstLine(e) + ")");
        }
        JsonNode m = root == null ? null : root.get("measurement");
        JsonNode w = root == null ? null : root.get("workloadConfig");
        if (w == null || !w.path("topics").isNumber() || !w.path("partitionsPerTopic").isNumber()) {
            throw new IllegalArgumentException("--from-result " + file + ": not a kbench result file (no workloadConfig with "
                    + "topics and partitionsPerTopic)");
        }
        if (m == null || m.isNull() || !m.path("publishMBps").isNumber() || m.path("publishMBps").asDouble() <= 0) {
            throw new IllegalArgumentException("--from-result " + file + ": the run measured no published messages; "
                    + "use the result of a run that produced");
        }
        long partitions = w.get("topics").asLong() * w.get("partitionsPerTopic").asLong();
        return new Measured(file.toString(), w.path("name").asText("?"), root.path("status").asText("?"),
                m.get("publishMBps").asDouble(), partitions, m.path("requestedRate").asDouble(-1),
                m.path("fellBehind").asBoolean(false));
    }

    private static String firstLine(IOException e) {
        String message = String.valueOf(e.getMessage());
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    /** Partitions needed for {@code targetMBps} with {@link #HEADROOM}: at least 1. */
    public static long needed(double targetMBps, double perPartitionMBps) {
        return Math.max(1, (long) Math.ceil(targetMBps * HEADROOM / perPartitionMBps - 1e-9));
    }

    /** The MSK sizing study's rule of thumb: 100 × brokers × replication factor. */
    public static long maxPerBroker(int brokers, int replicationFactor) {
        return (long) PER_BROKER_FACTOR * brokers * replicationFactor;
    }

    /** The partitions section of the sizing output; {@code measured} may be null. */
    public static List<String> lines(double targetMBps, int brokers, int replicationFactor, Measured measured) {
        List<String> lines = new ArrayList<>();
        long max = maxPerBroker(brokers, replicationFactor);
        lines.add("Partitions");
        lines.add(f("  rule of thumb (the MSK sizing study's, if latency matters): at most %d × %d broker%s × %d (replication factor) "
                + "= %,d partitions per broker", PER_BROKER_FACTOR, brokers, brokers == 1 ? "" : "s", replicationFactor, max));
        if (measured == null) {
            lines.add("  from a measurement: run a workload unthrottled (producerRate: -1) on the cluster and pass its result "
                    + "with --from-result results/<run>.json");
            return lines;
        }
        double per = measured.perPartitionMBps();
        lines.add(f("  measured (%s, workload %s, %s): %.2f MB/s published over %,d partition%s = %.3f MB/s per partition",
                measured.file(), measured.name(), measured.status(), measured.publishMBps(), measured.partitions(),
                measured.partitions() == 1 ? "" : "s", per));
        if (measured.onlyWhatWasAsked()) {
            lines.add(f("  note: that run was throttled at %,.0f msg/s and kept its rate, so %.3f MB/s per partition is what it "
                    + "was asked for, not what a partition can take: the count below is an upper bound; measure with "
                    + "producerRate -1 for a real figure", measured.requestedRate(), per));
        }
        if (!"completed".equals(measured.status())) {
            lines.add("  note: that run did not complete; its figures are partial");
        }
        long needed = needed(targetMBps, per);
        lines.add(f("  needed for %.2f MB/s with %.0f%% headroom (each partition at most %.0f%% of the measured): "
                + "%.2f × %.2f / %.3f = %.2f -> %,d partition%s", targetMBps, 100 * (HEADROOM - 1), 100 / HEADROOM,
                targetMBps, HEADROOM, per, targetMBps * HEADROOM / per, needed, needed == 1 ? "" : "s"));
        long replicasPerBroker = (long) Math.ceil((double) needed * replicationFactor / brokers);
        lines.add(f("  %,d partition%s × %d replicas / %d broker%s = %,d partition replicas per broker: %s", needed,
                needed == 1 ? "" : "s", replicationFactor, brokers, brokers == 1 ? "" : "s", replicasPerBroker,
                replicasPerBroker <= max ? f("within the rule of thumb's %,d", max)
                        : f("over the rule of thumb's %,d: add brokers, or expect higher latency", max)));
        lines.add(f("Suggested partitions: %,d", needed));
        return lines;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
