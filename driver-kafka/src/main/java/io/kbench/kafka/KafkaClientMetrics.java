package io.kbench.kafka;

import io.kbench.driver.BrokerBytes;
import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClientMetric.Aggregation;
import io.kbench.driver.ServerContact;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * Reads the clients' own metrics, as {@code kafka-producer-perf-test --print-metrics} prints them,
 * and tells which broker answered last, from the per-node response counters.
 */
final class KafkaClientMetrics {

    /** Per-partition metrics would make thousands of rows on a 1000-partition run; the totals say enough. */
    private static final String PARTITION_TAG = "partition";
    private static final String CLIENT_TAG = "client-id";
    private static final String NODE_TAG = "node-id";
    private static final String RESPONSES = "response-total";

    /** The clients' metric maps; each supplier reads one live client. */
    private final List<Supplier<Map<MetricName, ? extends Metric>>> clients = new ArrayList<>();
    private final Map<String, String> brokerAddresses;
    private final LongSupplier clockMillis;
    /** Last response count seen, per client and node, and when each node last answered. */
    private final Map<String, Double> lastResponses = new HashMap<>();
    private final Map<String, Long> lastAnswerMillis = new HashMap<>();

    /** @param brokerAddresses host:port by node id ("1"), as the cluster described itself at start */
    KafkaClientMetrics(Map<String, String> brokerAddresses, LongSupplier clockMillis) {
        this.brokerAddresses = Map.copyOf(brokerAddresses);
        this.clockMillis = clockMillis;
    }

    synchronized void add(Supplier<Map<MetricName, ? extends Metric>> client) {
        clients.add(client);
    }

    synchronized void clear() {
        clients.clear();
    }

    /** Every numeric metric of every client, named {@code group:name} plus its tags other than the client id. */
    synchronized List<ClientMetric> read() {
        List<ClientMetric> out = new ArrayList<>();
        for (Supplier<Map<MetricName, ? extends Metric>> client : clients) {
            for (Map.Entry<MetricName, ? extends Metric> e : client.get().entrySet()) {
                MetricName n = e.getKey();
                if (n.tags().containsKey(PARTITION_TAG) || !(e.getValue().metricValue() instanceof Number v)) {
                    continue;
                }
                double value = v.doubleValue();
                if (Double.isFinite(value)) {
                    out.add(new ClientMetric(displayName(n), value, aggregationOf(n.name())));
                }
            }
        }
        return out;
    }

    /**
     * The bytes every live producer sent to each broker and every live consumer received from each, by broker id, from
     * the clients' per-node counters. The connections to a group coordinator (node ids counted down from
     * {@code Integer.MAX_VALUE}) count for the broker behind them; bootstrap connections (negative ids) are left out.
     */
    synchronized BrokerBytes brokerBytes() {
        Map<Integer, Long> produced = new TreeMap<>();
        Map<Integer, Long> fetched = new TreeMap<>();
        for (Supplier<Map<MetricName, ? extends Metric>> client : clients) {
            for (Map.Entry<MetricName, ? extends Metric> e : client.get().entrySet()) {
                MetricName n = e.getKey();
                Map<Integer, Long> into = n.group().equals("producer-node-metrics") && n.name().equals("outgoing-byte-total") ? produced
                        : n.group().equals("consumer-node-metrics") && n.name().equals("incoming-byte-total") ? fetched : null;
                Integer broker = brokerId(n.tags().get(NODE_TAG));
                if (into != null && broker != null && e.getValue().metricValue() instanceof Number v) {
                    into.merge(broker, v.longValue(), Long::sum);
                }
            }
        }
        return new BrokerBytes(produced, fetched);
    }

    /** "node-1" is broker 1, "node-2147483646" the group coordinator on broker 1; null for a bootstrap connection. */
    static Integer brokerId(String nodeTag) {
        if (nodeTag == null || !nodeTag.startsWith("node-")) {
            return null;
        }
        try {
            int id = Integer.parseInt(nodeTag.substring("node-".length()));
            return id < 0 ? null : id > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE - id : id;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The broker whose response counter rose most recently, comparing with the previous call; null
     * before any broker answered.
     */
    synchronized ServerContact lastContact() {
        long now = clockMillis.getAsLong();
        for (int c = 0; c < clients.size(); c++) {
            for (Map.Entry<MetricName, ? extends Metric> e : clients.get(c).get().entrySet()) {
                MetricName n = e.getKey();
                String node = n.tags().get(NODE_TAG);
                if (node == null || !RESPONSES.equals(n.name()) || !(e.getValue().metricValue() instanceof Number v)) {
                    continue;
                }
                Double before = lastResponses.put(c + "/" + node, v.doubleValue());
                if (before == null ? v.doubleValue() > 0 : v.doubleValue() > before) {
                    lastAnswerMillis.put(node, now);
                }
            }
        }
        String node = null;
        long latest = Long.MIN_VALUE;
        for (Map.Entry<String, Long> e : lastAnswerMillis.entrySet()) {
            if (e.getValue() > latest) {
                latest = e.getValue();
                node = e.getKey();
            }
        }
        return node == null ? null : new ServerContact(addressOf(node), latest);
    }

    /** "node-1" is broker 1; negative ids are the bootstrap connections, made before the ids are known. */
    private String addressOf(String nodeTag) {
        String id = nodeTag.startsWith("node-") ? nodeTag.substring("node-".length()) : nodeTag;
        String address = brokerAddresses.get(id);
        if (address != null) {
            return address;
        }
        return id.startsWith("-") ? "a bootstrap server" : "broker " + id;
    }

    static String displayName(MetricName n) {
        Map<String, String> tags = new TreeMap<>(n.tags());
        tags.remove(CLIENT_TAG);
        return n.group() + ":" + n.name() + (tags.isEmpty() ? "" : ":" + tags);
    }

    /** Rates and totals add up across clients, maxima take the largest, averages and ratios the mean. */
    static Aggregation aggregationOf(String name) {
        if (name.endsWith("-total") || name.endsWith("-rate") || name.endsWith("-count")) {
            return Aggregation.SUM;
        }
        if (name.endsWith("-max")) {
            return Aggregation.MAX;
        }
        return Aggregation.AVG;
    }
}
