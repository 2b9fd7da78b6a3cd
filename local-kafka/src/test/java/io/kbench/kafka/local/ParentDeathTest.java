package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.kafka.cluster.LocalClusterConfig;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The owner of a cluster dies by SIGKILL during a pause and a network freeze: every node JVM must
 * stop by itself and the directory must go, with nobody calling close(). (Two brokers keep it short.)
 */
class ParentDeathTest {

    /** The owner: starts a cluster, applies faults, prints what to watch, kills itself. */
    public static void main(String[] args) throws Exception {
        LocalKafkaCluster cluster = LocalKafkaCluster.start(LocalClusterConfig.ofBrokers(2).withFaultProxy(true), null);
        cluster.pauseBroker(1, Duration.ofSeconds(3));
        cluster.freezeNetwork(Duration.ofSeconds(60));
        System.out.println("DIR " + cluster.directory());
        System.out.println("PIDS " + cluster.brokerPid(0) + " " + cluster.brokerPid(1));
        System.out.flush();
        new ProcessBuilder("kill", "-9", String.valueOf(ProcessHandle.current().pid())).start().waitFor();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void nodesStopAndDeleteTheDataWhenTheOwnerIsKilled() throws Exception {
        Process owner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ParentDeathTest.class.getName())
                .redirectErrorStream(true).start();
        Path dir = null;
        List<Long> pids = new ArrayList<>();
        List<String> output = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(owner.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                output.add(line);
                if (line.startsWith("DIR ")) {
                    dir = Path.of(line.substring(4));
                } else if (line.startsWith("PIDS ")) {
                    for (String pid : line.substring(5).split(" ")) {
                        pids.add(Long.parseLong(pid));
                    }
                }
            }
        }
        assertTrue(owner.waitFor(30, TimeUnit.SECONDS));
        assertEquals(137, owner.exitValue(), "the owner died by SIGKILL: " + output);
        assertTrue(dir != null && pids.size() == 2, "owner output: " + output);

        long t0 = System.nanoTime();
        long deadline = t0 + TimeUnit.SECONDS.toNanos(40);
        while (System.nanoTime() < deadline && (Files.exists(dir) || pids.stream().anyMatch(ParentDeathTest::alive))) {
            Thread.sleep(100);
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("owner killed: nodes gone and data deleted after %d ms%n", ms);
        for (long pid : pids) {
            assertTrue(!alive(pid), "node JVM " + pid + " still runs");
        }
        assertTrue(!Files.exists(dir), "directory left behind: " + dir);
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
