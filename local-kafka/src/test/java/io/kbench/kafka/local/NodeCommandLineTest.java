package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.kafka.cluster.LocalClusterConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The node JVM's command line, as the parent builds it and the node parses it: no broker. */
class NodeCommandLineTest {

    private static final Path DIR = Path.of("/tmp/kbench-kafka-test");

    private static NodeLayout node(boolean proxy) {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < ClusterLayout.portsPerNode(false, proxy) * 2; i++) {
            ports.add(9000 + i);
        }
        return ClusterLayout.compute(2, ports, null, Map.of(), DIR.resolve("data"), proxy).node(1);
    }

    /** What follows the main class: the node's own arguments. */
    private static String[] nodeArguments(List<String> command) {
        int main = command.indexOf(LocalNodeMain.class.getName());
        return command.subList(main + 1, command.size()).toArray(String[]::new);
    }

    @Test
    void commandLineRoundTripsThroughTheNodesParser() {
        List<String> command = NodeJvm.command(node(true), 342, DIR, "cluster-id-1", DIR.resolve("security.properties"));
        assertTrue(command.contains("-Xmx342m"), command.toString());
        assertTrue(command.contains("-Dkbench.node.label=node 2"), command.toString());
        assertTrue(command.contains("-Dlogback.configurationFile=" + DIR.resolve(NodeLogging.LOGBACK_FILE)), command.toString());
        assertTrue(command.contains("-Dlog4j2.configurationFile=" + DIR.resolve(NodeLogging.LOG4J2_FILE)), command.toString());
        NodeArguments args = NodeArguments.parse(nodeArguments(command));
        assertEquals(DIR.resolve("data").resolve("node-2.properties").toAbsolutePath(), args.config());
        assertEquals("cluster-id-1", args.clusterId());
        assertEquals(DIR.toAbsolutePath(), args.clusterDir());
        assertEquals(DIR.resolve("security.properties"), args.security());
        assertTrue(args.hasProxy());
        assertEquals(9007, args.proxyPort());
        assertEquals(9004, args.proxyTarget());

        assertEquals(java.time.Duration.ZERO, args.proxyDelay());
        NodeArguments delayed = NodeArguments.parse(nodeArguments(NodeJvm.command(node(true), 342, DIR, "id", null, List.of(),
                java.time.Duration.ofNanos(12_345_678))));
        assertEquals(java.time.Duration.ofNanos(12_345_000), delayed.proxyDelay(), "to the microsecond");

        NodeArguments plain = NodeArguments.parse(nodeArguments(NodeJvm.command(node(false), 256, DIR, "id", null)));
        assertFalse(plain.hasProxy());
        assertEquals(null, plain.security());
        assertFalse(String.join(" ", NodeJvm.command(node(false), 256, DIR, "id", null)).contains("--security"));
    }

    @Test
    void formatFeaturesRoundTripAndBadOnesAreNamed() {
        List<String> features = LocalClusterConfig.defaults().formatFeatures();
        assertEquals(List.of("group.version=1", "share.version=1"), features);
        assertEquals(List.of("group.version=1", "share.version=0"), LocalClusterConfig.defaults().withShareGroups(false).formatFeatures());
        NodeArguments args = NodeArguments.parse(nodeArguments(NodeJvm.command(node(false), 256, DIR, "id", null, features)));
        assertEquals(features, args.features());
        assertEquals(List.of(), NodeArguments.parse(nodeArguments(NodeJvm.command(node(false), 256, DIR, "id", null))).features());
        assertEquals("--feature needs NAME=LEVEL (got share.version)", assertThrows(IllegalArgumentException.class,
                () -> NodeArguments.parse(new String[] {"--feature", "share.version"})).getMessage());
    }

    @Test
    void badArgumentsAreNamed() {
        assertEquals("unknown argument --brokers; " + NodeArguments.USAGE,
                assertThrows(IllegalArgumentException.class, () -> NodeArguments.parse(new String[] {"--brokers", "3"}))
                        .getMessage());
        assertEquals("--proxy needs LISTEN_PORT:TARGET_PORT (got 9000)", assertThrows(IllegalArgumentException.class,
                () -> NodeArguments.parse(new String[] {"--proxy", "9000"})).getMessage());
        assertEquals("--proxy needs LISTEN_PORT:TARGET_PORT (got a:b)", assertThrows(IllegalArgumentException.class,
                () -> NodeArguments.parse(new String[] {"--proxy", "a:b"})).getMessage());
        assertEquals(NodeArguments.USAGE, assertThrows(IllegalArgumentException.class,
                () -> NodeArguments.parse(new String[] {"--config", "x"})).getMessage());
        assertEquals("--proxy-delay-micros needs a whole number of microseconds, 0 or more (got -5)", assertThrows(
                IllegalArgumentException.class, () -> NodeArguments.parse(new String[] {"--proxy-delay-micros", "-5"})).getMessage());
        assertEquals("--proxy-delay-micros needs --proxy; " + NodeArguments.USAGE, assertThrows(IllegalArgumentException.class,
                () -> NodeArguments.parse(new String[] {"--config", "x", "--cluster-id", "i", "--cluster-dir", "d",
                    "--proxy-delay-micros", "5"})).getMessage());
        assertEquals("missing value after --config; " + NodeArguments.USAGE, assertThrows(IllegalArgumentException.class,
                () -> NodeArguments.parse(new String[] {"--config"})).getMessage());
    }

    @Test
    void readyAddressIsTheFirstAdvertisedListener() {
        assertEquals("127.0.0.1:9003", LocalNodeMain.firstAdvertisedAddress("CLIENT://127.0.0.1:9003,INTERNAL://127.0.0.1:9002"));
        assertEquals("127.0.0.1:9000", LocalNodeMain.firstAdvertisedAddress("PLAINTEXT://127.0.0.1:9000"));
    }

    @Test
    void extraJvmOptionsAreSplitOnSpacesAndNoneWhenUnsetOrBlank() {
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-Xss1m"), NodeJvm.extraOptions(" -XX:TieredStopAtLevel=1   -Xss1m "));
        assertEquals(List.of(), NodeJvm.extraOptions(null));
        assertEquals(List.of(), NodeJvm.extraOptions("  "));
    }
}
