package io.kbench.kafka.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How the node JVMs log, in one place: logback (the project's SLF4J backend) from a file written
 * here, so a node does not depend on which logback.xml its class path happens to hold, and log4j2
 * for the one broker class that logs through it directly.
 *
 * <p>Every node writes all of its logging to stderr, which the parent appends to the one broker
 * log ({@link LocalKafkaCluster#LOG_FILE}); each line names its node ({@code [node 2]}), so the
 * nodes' lines can share the file. Broker loggers run at WARN (an INFO broker writes ~2,200 lines
 * at start), kbench's own at INFO.
 */
final class NodeLogging {

    static final String LOG4J2_FILE = "log4j2.properties";
    static final String LOGBACK_FILE = "logback.xml";
    /** Line timestamps, also used by {@link FaultLog} so the parent's lines sort with the nodes'. */
    static final String TIME_FORMAT = "yyyy-MM-dd HH:mm:ss.SSS";

    /**
     * log4j2 configuration for Kafka's LoggingController (log4j-core is on the classpath and it
     * logs through log4j2 directly): WARN and above to stderr. Without it log4j2 would use its
     * default configuration, a console appender on stdout, the control channel.
     */
    private static final String LOG4J2_PROPERTIES = String.join("\n",
            "status = warn",
            "dest = err",
            "appender.err.type = Console",
            "appender.err.name = STDERR",
            "appender.err.target = SYSTEM_ERR",
            "appender.err.layout.type = PatternLayout",
            "appender.err.layout.pattern = %d{" + TIME_FORMAT + "} [${sys:kbench.node.label}] [%t] %p %c - %m%n",
            "rootLogger.level = warn",
            "rootLogger.appenderRef.err.ref = STDERR",
            "");

    /**
     * logback for everything that logs through SLF4J: WARN and above to stderr, kbench's own lines at
     * INFO. Must stay valid: logback reports configuration errors on stdout, the control channel.
     */
    private static final String LOGBACK_XML = String.join("\n",
            "<configuration>",
            "  <appender name=\"STDERR\" class=\"ch.qos.logback.core.ConsoleAppender\">",
            "    <target>System.err</target>",
            "    <encoder>",
            "      <pattern>%d{" + TIME_FORMAT + "} [${kbench.node.label}] [%thread] %level %logger - %msg%n</pattern>",
            "    </encoder>",
            "  </appender>",
            "  <logger name=\"io.kbench\" level=\"INFO\"/>",
            "  <root level=\"WARN\">",
            "    <appender-ref ref=\"STDERR\"/>",
            "  </root>",
            "</configuration>",
            "");

    private NodeLogging() {
    }

    /** Writes the configuration files the options of {@link #jvmOptions} refer to. */
    static void writeConfig(Path clusterDir) throws IOException {
        Files.writeString(clusterDir.resolve(LOG4J2_FILE), LOG4J2_PROPERTIES, StandardCharsets.UTF_8);
        Files.writeString(clusterDir.resolve(LOGBACK_FILE), LOGBACK_XML, StandardCharsets.UTF_8);
    }

    /** The logging options of node {@code nodeId}'s JVM. */
    static List<String> jvmOptions(Path clusterDir, int nodeId) {
        String label = "node " + nodeId;
        return List.of(
                // To stderr, which the parent appends to broker.log; each line names the node.
                "-Dlogback.configurationFile=" + clusterDir.resolve(LOGBACK_FILE),
                "-Dkbench.node.label=" + label,
                "-Dlog4j2.configurationFile=" + clusterDir.resolve(LOG4J2_FILE),
                "-Dlog4j2.level=warn");
    }
}
