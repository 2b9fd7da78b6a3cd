package io.kbench.kafka.local;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a node JVM ({@link LocalNodeMain}), built by {@link NodeJvm#command}:
 * {@code --config FILE --cluster-id ID --cluster-dir DIR [--security FILE] [--proxy LISTEN:TARGET [--proxy-delay-micros N]] [--feature NAME=LEVEL]...}.
 * Nothing secret is ever on it: secrets are in the owner-only files it names.
 *
 * @param config       the node's broker properties (written by the parent from its {@link NodeLayout})
 * @param clusterId    the KRaft cluster id the storage is formatted with
 * @param clusterDir   the cluster's temporary directory, deleted by the node if the parent is gone
 * @param security     the secured listener's settings file ({@link LocalClusterSecrets}), or {@code null}
 * @param proxyPort    port of the fault proxy to run, or 0 for none
 * @param proxyTarget  the broker's client listener port the proxy forwards to, or 0 for none
 * @param features     feature levels the storage is formatted with, as {@code name=level} (e.g.
 *                     {@code share.version=1}); empty: the release's defaults
 * @param proxyDelay   how long the proxy holds every byte in each direction for the whole run (zero: none)
 */
record NodeArguments(Path config, String clusterId, Path clusterDir, Path security, int proxyPort, int proxyTarget,
                     List<String> features, Duration proxyDelay) {

    static final String USAGE = "usage: --config FILE --cluster-id ID --cluster-dir DIR [--security FILE] "
            + "[--proxy LISTEN_PORT:TARGET_PORT [--proxy-delay-micros N]] [--feature NAME=LEVEL]...";

    NodeArguments {
        features = List.copyOf(features);
    }

    /** @throws IllegalArgumentException naming the bad argument */
    static NodeArguments parse(String[] args) {
        Path config = null;
        String clusterId = null;
        Path clusterDir = null;
        Path security = null;
        int proxyPort = 0;
        int proxyTarget = 0;
        List<String> features = new ArrayList<>();
        long delayMicros = 0;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + arg + "; " + USAGE);
            }
            String value = args[++i];
            switch (arg) {
                case "--config" -> config = Path.of(value);
                case "--cluster-id" -> clusterId = value;
                case "--cluster-dir" -> clusterDir = Path.of(value);
                case "--security" -> security = Path.of(value);
                case "--proxy" -> {
                    String[] ports = value.split(":", -1);
                    try {
                        proxyPort = Integer.parseInt(ports[0]);
                        proxyTarget = Integer.parseInt(ports[ports.length - 1]);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--proxy needs LISTEN_PORT:TARGET_PORT (got " + value + ")");
                    }
                    if (ports.length != 2 || proxyPort <= 0 || proxyTarget <= 0) {
                        throw new IllegalArgumentException("--proxy needs LISTEN_PORT:TARGET_PORT (got " + value + ")");
                    }
                }
                case "--proxy-delay-micros" -> {
                    try {
                        delayMicros = Long.parseLong(value);
                    } catch (NumberFormatException e) {
                        delayMicros = -1;
                    }
                    if (delayMicros < 0) {
                        throw new IllegalArgumentException("--proxy-delay-micros needs a whole number of microseconds, 0 or more (got "
                                + value + ")");
                    }
                }
                case "--feature" -> {
                    if (!value.matches("[a-z][a-z0-9._]*=\\d+")) {
                        throw new IllegalArgumentException("--feature needs NAME=LEVEL (got " + value + ")");
                    }
                    features.add(value);
                }
                default -> throw new IllegalArgumentException("unknown argument " + arg + "; " + USAGE);
            }
        }
        if (config == null || clusterId == null || clusterDir == null) {
            throw new IllegalArgumentException(USAGE);
        }
        if (delayMicros > 0 && proxyPort == 0) {
            throw new IllegalArgumentException("--proxy-delay-micros needs --proxy; " + USAGE);
        }
        return new NodeArguments(config, clusterId, clusterDir, security, proxyPort, proxyTarget, features,
                Duration.ofNanos(delayMicros * 1_000));
    }

    boolean hasProxy() {
        return proxyPort > 0;
    }
}
