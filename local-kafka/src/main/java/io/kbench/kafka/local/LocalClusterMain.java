package io.kbench.kafka.local;

import io.kbench.driver.DriverException;
import io.kbench.kafka.cluster.LocalClusterConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * A local cluster for scripts, such as {@code bin/compare-with-kafka-perf}, which runs Kafka's own
 * tools against the same broker as kbench: starts the cluster, prints {@code READY <bootstrap>} on
 * stdout, and stops it (deleting its data) at end of input on stdin, which also comes when the
 * script dies. Progress and errors go to stderr.
 *
 * <p>Arguments: {@code [--brokers N] [--broker-config FILE]} (FILE: broker properties for every node).
 */
public final class LocalClusterMain {

    static final String READY = "READY ";
    private static final String USAGE = "usage: LocalClusterMain [--brokers N] [--broker-config FILE]";

    private LocalClusterMain() {}

    public static void main(String[] args) throws IOException {
        LocalClusterConfig config;
        try {
            config = config(args);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage() + "\n" + USAGE);
            System.exit(2);
            return;
        }
        LocalKafkaCluster cluster;
        try {
            cluster = LocalKafkaCluster.start(config, System.err::println);
        } catch (DriverException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(1);
            return;
        }
        try (cluster) {
            System.out.println(READY + cluster.bootstrapServers());
            System.out.flush();
            InputStream in = System.in;
            while (in.read() >= 0) {
                // wait for end of input
            }
        }
    }

    /** The cluster the arguments ask for. */
    static LocalClusterConfig config(String[] args) throws IOException {
        int brokers = 1;
        Map<String, String> brokerConfig = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--brokers" -> {
                    try {
                        brokers = Integer.parseInt(required(args[i], value));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--brokers takes a whole number, got '" + value + "'");
                    }
                    i++;
                }
                case "--broker-config" -> {
                    Properties p = new Properties();
                    try (Reader r = Files.newBufferedReader(Path.of(required(args[i], value)), StandardCharsets.UTF_8)) {
                        p.load(r);
                    }
                    p.stringPropertyNames().forEach(k -> brokerConfig.put(k, p.getProperty(k)));
                    i++;
                }
                default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'");
            }
        }
        LocalClusterConfig config = LocalClusterConfig.ofBrokers(brokers).withBrokerConfig(brokerConfig);
        if (!config.problems().isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", config.problems()));
        }
        return config;
    }

    private static String required(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }
}
