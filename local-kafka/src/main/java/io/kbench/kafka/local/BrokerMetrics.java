package io.kbench.kafka.local;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * A node's own request metrics, read in its JVM from the MBeans the broker registers: for Produce
 * and consumers' Fetch requests, how many were handled and the mean of each part of their time
 * (Kafka's {@code RequestMetrics}: waiting in the request queue, handled locally, waiting for
 * others (acks=all, a fetch's wait for data), throttled, waiting in the response queue, sent), since
 * the node started; its byte counters ({@link #BYTES}); the partitions it holds; and its JVM's CPU time. Means and counts since the
 * start, so that two readings give the figures of the time between them.
 *
 * <p>Written on one line as {@code name=value} pairs separated by spaces ({@link #line}), and read
 * back by the parent ({@link #parse}).
 */
final class BrokerMetrics {

    /** The requests read, by the name the broker's {@code RequestMetrics} give them. */
    static final List<String> REQUESTS = List.of("Produce", "FetchConsumer");
    /** The parts of a request's time, as the broker names them. */
    static final List<String> PARTS = List.of("TotalTimeMs", "RequestQueueTimeMs", "LocalTimeMs", "RemoteTimeMs",
            "ThrottleTimeMs", "ResponseQueueTimeMs", "ResponseSendTimeMs");

    /**
     * The broker's own byte counters (the counts of its all-topic meters), by the name they take here: records appended
     * as leader, records sent to consumers, and records followers fetched and appended; what the clients' per-broker
     * counts are checked against.
     */
    static final Map<String, String> BYTES = Map.of(
            "bytesIn", "kafka.server:type=BrokerTopicMetrics,name=BytesInPerSec",
            "bytesOut", "kafka.server:type=BrokerTopicMetrics,name=BytesOutPerSec",
            "replicationBytesIn", "kafka.server:type=BrokerTopicMetrics,name=ReplicationBytesInPerSec");
    /** Kafka's internal topics, whose appends (offset commits above all) {@code bytesIn} counts but no producer sent. */
    static final List<String> INTERNAL_TOPICS = List.of("__consumer_offsets", "__transaction_state", "__share_group_state");

    private BrokerMetrics() {
    }

    /** What this JVM's broker reports now; a metric it does not have (yet) is left out. */
    static Map<String, Double> read() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Map<String, Double> out = new LinkedHashMap<>();
        for (String request : REQUESTS) {
            for (String part : PARTS) {
                ObjectName name = name("kafka.network:type=RequestMetrics,name=" + part + ",request=" + request);
                Double count = attribute(server, name, "Count");
                Double mean = attribute(server, name, "Mean");
                if (count != null && mean != null) {
                    out.put(request + "." + part + ".count", count);
                    out.put(request + "." + part + ".mean", mean);
                }
            }
        }
        BYTES.forEach((key, meter) -> {
            Double count = attribute(server, name(meter), "Count");
            if (count != null) {
                out.put(key, count);
            }
        });
        double internal = 0;
        for (String topic : INTERNAL_TOPICS) {
            Double count = attribute(server, name("kafka.server:type=BrokerTopicMetrics,name=BytesInPerSec,topic=" + topic), "Count");
            internal += count == null ? 0 : count;
        }
        out.put("internalBytesIn", internal);
        Double partitions = attribute(server, name("kafka.server:type=ReplicaManager,name=PartitionCount"), "Value");
        if (partitions != null) {
            out.put("partitions", partitions);
        }
        Double cpuNanos = attribute(server, name("java.lang:type=OperatingSystem"), "ProcessCpuTime");
        if (cpuNanos != null && cpuNanos >= 0) {
            out.put("cpuNanos", cpuNanos);
        }
        out.put("epochMillis", (double) System.currentTimeMillis());
        return out;
    }

    private static ObjectName name(String text) {
        try {
            return new ObjectName(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    private static Double attribute(MBeanServer server, ObjectName name, String attribute) {
        try {
            return server.getAttribute(name, attribute) instanceof Number n ? n.doubleValue() : null;
        } catch (Exception e) {
            return null; // not registered (yet): no such request handled so far
        }
    }

    /** {@code a=1.0 b=2.5}: one line of the node protocol. */
    static String line(Map<String, Double> metrics) {
        List<String> pairs = new ArrayList<>();
        metrics.forEach((k, v) -> pairs.add(k + "=" + String.format(Locale.ROOT, "%s", v)));
        return String.join(" ", pairs);
    }

    /** The pairs of a {@link #line}; a malformed pair is skipped. */
    static Map<String, Double> parse(String line) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String pair : line.trim().split(" +")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            try {
                out.put(pair.substring(0, eq), Double.parseDouble(pair.substring(eq + 1)));
            } catch (NumberFormatException e) {
                // skipped
            }
        }
        return out;
    }

    /**
     * The cluster's figures from each node's: counts, partitions and CPU time added up, means weighted by
     * their counts.
     */
    static Map<String, Double> combine(List<Map<String, Double>> nodes) {
        Map<String, Double> out = new LinkedHashMap<>();
        Map<String, Double> weighted = new LinkedHashMap<>();
        for (Map<String, Double> node : nodes) {
            node.forEach((k, v) -> {
                if (k.endsWith(".mean")) {
                    double count = node.getOrDefault(k.substring(0, k.length() - ".mean".length()) + ".count", 0.0);
                    weighted.merge(k, v * count, Double::sum);
                } else if (k.equals("epochMillis")) {
                    out.merge(k, v, Math::max);
                } else {
                    out.merge(k, v, Double::sum);
                }
            });
        }
        weighted.forEach((k, sum) -> {
            double count = out.getOrDefault(k.substring(0, k.length() - ".mean".length()) + ".count", 0.0);
            out.put(k, count > 0 ? sum / count : 0.0);
        });
        return out;
    }
}
