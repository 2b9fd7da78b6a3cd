package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The node JVMs' class path: local-kafka and its dependencies, none of the parent's other jars. */
class NodeClasspathTest {

    @Test
    void keepsOnlyTheNeededJarsInTheParentsOrder() {
        List<String> parent = List.of("/k/benchmark-framework/target/benchmark-framework.jar", "/k/lib/vertx-core-5.2.0.jar",
                "/k/local-kafka/target/lib/kafka-server-4.3.1.jar", "/m2/kafka-clients-4.3.1.jar",
                "/k/local-kafka/target/lib/kafka-clients-4.3.1.jar", "/k/driver-kafka/target/lib/sdk-core-2.51.2.jar");
        assertEquals(List.of("/k/local-kafka/target/classes", "/k/local-kafka/target/lib/kafka-server-4.3.1.jar",
                        "/m2/kafka-clients-4.3.1.jar"),
                NodeClasspath.select("/k/local-kafka/target/classes", Set.of("kafka-clients-4.3.1.jar", "kafka-server-4.3.1.jar"),
                        parent));
    }

    @Test
    void aMissingJarIsNamed() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> NodeClasspath.select("/own", Set.of("kafka-raft-4.3.1.jar"), List.of("/x/kafka-clients-4.3.1.jar")));
        assertTrue(e.getMessage().contains("[kafka-raft-4.3.1.jar]"), e.getMessage());
    }

    @Test
    void parsesTheBuildsList() {
        assertEquals(Set.of("a-1.jar", "b-2.jar"), NodeClasspath.parseNeeded("lib/a-1.jar:lib/b-2.jar\n"));
        assertEquals(Set.of("a-1.jar", "b-2.jar"), NodeClasspath.parseNeeded("lib\\a-1.jar;lib\\b-2.jar"));
    }

    /** The real list: the broker, logback and driver-api (its secret-name rule), no driver, framework or AWS SDK jar. */
    @Test
    void theNodesGetTheBrokerButNotTheTool() {
        List<String> cp = List.of(NodeClasspath.forNodes().split(File.pathSeparator));
        assertTrue(cp.stream().anyMatch(e -> e.contains("kafka_2.13-")), cp.toString());
        assertTrue(cp.stream().anyMatch(e -> e.contains("logback-classic-")), cp.toString());
        assertTrue(cp.stream().anyMatch(e -> e.contains("driver-api")), cp.toString());
        assertTrue(cp.stream().noneMatch(e -> e.contains("driver-kafka") || e.contains("benchmark-framework") || e.contains("junit")
                || e.contains("aws-msk-iam-auth") || e.contains("sdk-core") || e.contains("test-classes")), cp.toString());
    }
}
