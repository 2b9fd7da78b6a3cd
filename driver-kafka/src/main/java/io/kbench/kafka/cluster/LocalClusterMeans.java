package io.kbench.kafka.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Whether this machine can hold a local cluster's partitions, checked before the cluster starts. A
 * broker keeps one file open for the active segment of each partition replica it holds (its two
 * index files are memory-mapped: two maps per replica), so a broker JVM needs about one open file
 * per replica beyond its own (one broker with 10,000 partitions had 10,102 files open), and the
 * process limit on open files (the hard {@code ulimit -n}, to which a JVM raises its own) caps the
 * partitions one broker can take. More brokers share them out.
 *
 * @param openFilesLimit the most files one process may have open, or -1 when unknown
 * @param mapLimit the most memory maps one process may have ({@code vm.max_map_count}), or -1 when unknown
 */
public record LocalClusterMeans(long openFilesLimit, long mapLimit) {

    /** Files a broker JVM holds besides its partitions': jars, sockets, its logs (measured: about 100; twice that allowed). */
    static final int BASE_FILES = 500;
    /** Maps a JVM holds besides the brokers' index files. */
    static final int BASE_MAPS = 5_000;

    /** This machine's limits, read from /proc on Linux; unknown elsewhere. */
    public static LocalClusterMeans ofThisMachine() {
        return new LocalClusterMeans(openFilesLimit(Path.of("/proc/self/limits")), number(Path.of("/proc/sys/vm/max_map_count")));
    }

    /**
     * Why {@code partitions} partitions with {@code replicationFactor} replicas each cannot live on the
     * local cluster {@code config} describes on this machine, or null when they can.
     */
    public String problem(LocalClusterConfig config, long partitions, int replicationFactor) {
        int brokers = config.brokers();
        long replicasPerBroker = (partitions * Math.max(1, replicationFactor) + brokers - 1) / brokers;
        long files = replicasPerBroker + BASE_FILES;
        if (openFilesLimit > 0 && files > openFilesLimit) {
            return String.format(Locale.ROOT, "localCluster: %,d partitions (replication factor %d) on %d broker(s) need about "
                    + "%,d open files in each broker JVM (one per partition replica it holds, %,d, plus %d), and this machine "
                    + "allows a process %,d (ulimit -n): use localCluster.brokers: %d or more, or raise the limit", partitions,
                    replicationFactor, brokers, files, replicasPerBroker, BASE_FILES, openFilesLimit,
                    brokersFor(partitions * Math.max(1, replicationFactor), openFilesLimit - BASE_FILES));
        }
        long maps = 2 * replicasPerBroker + BASE_MAPS;
        if (mapLimit > 0 && maps > mapLimit) {
            return String.format(Locale.ROOT, "localCluster: %,d partitions (replication factor %d) on %d broker(s) need about "
                    + "%,d memory maps in each broker JVM (two per partition replica it holds), and this machine allows a "
                    + "process %,d (vm.max_map_count): use localCluster.brokers: %d or more, or raise vm.max_map_count",
                    partitions, replicationFactor, brokers, maps, mapLimit,
                    brokersFor(2 * partitions * Math.max(1, replicationFactor), mapLimit - BASE_MAPS));
        }
        return null;
    }

    private static long brokersFor(long need, long perBroker) {
        return perBroker <= 0 ? LocalClusterConfig.MAX_BROKERS : (need + perBroker - 1) / perBroker;
    }

    /** The hard limit of "Max open files" in a /proc limits file (a JVM raises its own soft limit to it), or -1. */
    static long openFilesLimit(Path limits) {
        try {
            List<String> lines = Files.readAllLines(limits);
            for (String line : lines) {
                if (line.startsWith("Max open files")) {
                    String[] parts = line.substring("Max open files".length()).trim().split("\\s+");
                    return parts[1].equals("unlimited") ? -1 : Long.parseLong(parts[1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // unknown
        }
        return -1;
    }

    private static long number(Path file) {
        try {
            // Read by lines: /proc files report a size of 0, and Files.readString then read "6" of "65530".
            return Long.parseLong(Files.readAllLines(file).get(0).trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
