package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.kafka.cluster.LocalClusterConfig;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The scripts' cluster (bin/compare-with-kafka-perf): READY with a reachable address, gone at end of input. */
class LocalClusterMainTest {

    @TempDir
    Path dir;

    @Test
    void argumentsBecomeTheClusterConfig() throws Exception {
        Path props = Files.writeString(dir.resolve("broker.properties"), "log.segment.delete.delay.ms=1000\n");
        LocalClusterConfig config = LocalClusterMain.config(new String[] {"--brokers", "2", "--broker-config", props.toString()});
        assertEquals(2, config.brokers());
        assertEquals(Map.of("log.segment.delete.delay.ms", "1000"), config.brokerConfig());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LocalClusterMain.config(new String[] {"--brokers", "x"}))
                .getMessage().contains("--brokers takes a whole number, got 'x'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LocalClusterMain.config(new String[] {"--nodes", "1"}))
                .getMessage().contains("unknown argument '--nodes'"));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void printsReadyWithAReachableBrokerAndStopsAtEndOfInput() throws Exception {
        Process main = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LocalClusterMain.class.getName())
                .redirectError(dir.resolve("stderr.log").toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(main.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertTrue(line != null && line.startsWith(LocalClusterMain.READY), line + "\n" + Files.readString(dir.resolve("stderr.log")));
            Properties p = new Properties();
            p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, line.substring(LocalClusterMain.READY.length()));
            try (Admin admin = Admin.create(p)) {
                assertEquals(1, admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).size());
            }
            main.getOutputStream().close();
            assertTrue(main.waitFor(40, TimeUnit.SECONDS), "stopped at end of input");
            assertEquals(0, main.exitValue());
        } finally {
            main.destroyForcibly();
        }
    }
}
