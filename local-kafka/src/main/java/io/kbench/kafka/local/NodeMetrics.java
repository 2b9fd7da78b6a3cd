package io.kbench.kafka.local;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The broker counters a node reports to its parent ({@link NodeProtocol#METRICS}): read in the node's JVM from the
 * broker's meters as it registers them with the platform MBean server (the totals over all topics, not a topic's), by
 * kbench's names.
 */
final class NodeMetrics {

    /** kbench's name → the broker meter whose count it is. */
    static final Map<String, String> METERS = Map.of(
            "remoteFetchBytes", "kafka.server:type=BrokerTopicMetrics,name=RemoteFetchBytesPerSec",
            "remoteCopyBytes", "kafka.server:type=BrokerTopicMetrics,name=RemoteCopyBytesPerSec");

    private NodeMetrics() {}

    /** "name=count name=count", the counts of the meters this broker has (a broker without a remote tier has none of these). */
    static String read() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Map.Entry<String, String> m : METERS.entrySet()) {
            try {
                ObjectName name = new ObjectName(m.getValue());
                if (server.isRegistered(name) && server.getAttribute(name, "Count") instanceof Number n) {
                    counts.put(m.getKey(), n.longValue());
                }
            } catch (JMException e) {
                // not registered (yet): no count
            }
        }
        StringBuilder b = new StringBuilder();
        counts.forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(String.format(Locale.ROOT, "%d", v)));
        return b.toString();
    }

    /** The counts of a {@link #read()} line, by name; unreadable entries are left out. */
    static Map<String, Long> parse(String line) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String part : line.trim().split(" +")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                try {
                    out.put(part.substring(0, eq), Long.parseLong(part.substring(eq + 1)));
                } catch (NumberFormatException e) {
                    // not a count: left out
                }
            }
        }
        return out;
    }
}
