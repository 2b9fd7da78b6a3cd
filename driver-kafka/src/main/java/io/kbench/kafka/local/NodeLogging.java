package io.kbench.kafka.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How the node JVMs log, in one place: switching the project's logging backend (say from
 * slf4j-simple to logback) changes only this class.
 *
 * <p>Every node writes all of its logging to stderr, which the parent appends to the one broker
 * log ({@link LocalKafkaCluster#LOG_FILE}); each line names its node ({@code [node 2]}), so the
 * nodes' lines can share the file. Broker loggers run at WARN (an INFO broker writes ~2,200 lines
 * at start), kbench's own at INFO.
 */
final class NodeLogging {

    static final String LOG4J2_FILE = "log4j2.properties";
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

    private NodeLogging() {
    }

    /** Writes the configuration files the options of {@link #jvmOptions} refer to. */
    static void writeConfig(Path clusterDir) throws IOException {
        Files.writeString(clusterDir.resolve(LOG4J2_FILE), LOG4J2_PROPERTIES, StandardCharsets.UTF_8);
    }

    /** The logging options of node {@code nodeId}'s JVM. */
    static List<String> jvmOptions(Path clusterDir, int nodeId) {
        String label = "node " + nodeId;
        return List.of(
                // To stderr, which the parent appends to broker.log. (slf4j-simple's own logFile
                // option truncates the file and would fight with the other nodes over it.)
                "-Dorg.slf4j.simpleLogger.logFile=System.err",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-Dorg.slf4j.simpleLogger.log.io.kbench=info",
                "-Dorg.slf4j.simpleLogger.log.kafka=warn",
                "-Dorg.slf4j.simpleLogger.log.org.apache.kafka=warn",
                "-Dorg.slf4j.simpleLogger.showDateTime=true",
                // slf4j-simple has no field for the node: a quoted literal in the date format adds it.
                "-Dorg.slf4j.simpleLogger.dateTimeFormat=" + TIME_FORMAT + " '[" + label + "]'",
                "-Dkbench.node.label=" + label,
                "-Dlog4j2.configurationFile=" + clusterDir.resolve(LOG4J2_FILE),
                "-Dlog4j2.level=warn");
    }
}
