package io.kbench.kafka.local;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;

import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;

/**
 * One combined broker+controller KRaft node in this JVM: formats its storage (once: a restarted
 * node keeps its data), starts, stops.
 */
final class KafkaNode {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaNode.class);

    private final Properties properties;
    private final Path configFile;
    private final String clusterId;
    private final List<String> scramArguments;
    private final List<String> features;
    private final UnaryOperator<String> redact;
    private volatile KafkaRaftServer server;

    /**
     * @param scramArguments {@code --add-scram} values for the formatter (they never leave this process)
     * @param features       {@code --feature} values for the formatter ({@code name=level})
     * @param redact         removes secrets from text before it is logged or thrown
     */
    KafkaNode(Properties properties, Path configFile, String clusterId, List<String> scramArguments, List<String> features,
              UnaryOperator<String> redact) {
        this.properties = properties;
        this.configFile = configFile;
        this.clusterId = clusterId;
        this.scramArguments = List.copyOf(scramArguments);
        this.features = List.copyOf(features);
        this.redact = redact;
    }

    /**
     * Formats the log dir unless it already is ({@code --ignore-formatted}: a restart keeps its
     * data), with the given feature levels (e.g. {@code share.version=1}) over the release's defaults.
     * With static {@code controller.quorum.voters} no quorum flag is needed.
     */
    void format() {
        List<String> args = new ArrayList<>(List.of(
                "format", "-t", clusterId, "-c", configFile.toString(), "--ignore-formatted"));
        for (String scram : scramArguments) {
            args.add("--add-scram");
            args.add(scram);
        }
        for (String feature : features) {
            args.add("--feature");
            args.add(feature);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status;
        try (PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            status = StorageTool.execute(args.toArray(String[]::new), ps);
        }
        String text = redact.apply(out.toString(StandardCharsets.UTF_8).trim());
        if (status != 0) {
            throw new IllegalStateException("formatting " + configFile + " failed (status " + status + "): " + text);
        }
        LOG.debug("{}", text);
    }

    /**
     * Starts the node and returns once its broker is registered and unfenced (Kafka's startup
     * waits for that), or fails after {@code timeout}. With several voters a node cannot finish
     * alone: the others must be starting too.
     */
    void start(Duration timeout) throws Exception {
        KafkaRaftServer created = newServer(properties);
        server = created;
        CompletableFuture<Void> started = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                created.startup();
                started.complete(null);
            } catch (Throwable e) {
                started.completeExceptionally(e);
            }
        }, "kbench-node-start");
        t.setDaemon(true);
        t.start();
        try {
            started.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new TimeoutException("the node did not start within " + timeout.toSeconds()
                    + " s (are the other nodes of the cluster running?)");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** Stops the node, waiting at most {@code timeout}; false if it was still stopping then. */
    boolean stop(Duration timeout) {
        KafkaRaftServer s = server;
        if (s == null) {
            return true;
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                s.shutdown();
                s.awaitShutdown();
            } catch (Throwable e) {
                LOG.warn("Broker shutdown failed: {}", redact.apply(e.toString()));
            } finally {
                done.complete(null);
            }
        }, "kbench-node-stop");
        t.setDaemon(true);
        t.start();
        try {
            done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * {@code new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM)}, reflectively:
     * KafkaConfig's superclass lives in kafka-server, which kafka_2.13 only brings at runtime, so
     * javac cannot type-check direct calls against it.
     */
    private static KafkaRaftServer newServer(Properties props) throws Exception {
        try {
            Class<?> configClass = Class.forName("kafka.server.KafkaConfig");
            Object config = configClass.getMethod("fromProps", Properties.class, boolean.class)
                    .invoke(null, props, false);
            return KafkaRaftServer.class.getConstructor(configClass, Time.class)
                    .newInstance(config, Time.SYSTEM);
        } catch (InvocationTargetException e) {
            // E.g. a ConfigException for a bad brokerConfig value: report that, not the wrapper.
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }
}
