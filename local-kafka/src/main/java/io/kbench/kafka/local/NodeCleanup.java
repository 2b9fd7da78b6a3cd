package io.kbench.kafka.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Who deletes a cluster's data: the parent, in {@link LocalKafkaCluster#close()}, after its nodes
 * stopped. Only if the parent is gone (killed, so it could not clean up) does a stopping node
 * delete the whole cluster directory itself. A node never deletes data while the parent lives: a
 * killed or crashed node's data must stay for {@link LocalKafkaCluster#restartBroker}.
 */
final class NodeCleanup {

    private final Path clusterDir;
    private final Optional<ProcessHandle> parent;

    NodeCleanup(Path clusterDir, Optional<ProcessHandle> parent) {
        this.clusterDir = clusterDir.toAbsolutePath();
        this.parent = parent;
    }

    /** Whether the parent JVM has ended (false if it cannot be told). */
    boolean parentGone() {
        return parent.map(NodeCleanup::isGone).orElse(false);
    }

    /** Deletes the cluster directory if the parent is gone; call once the node has stopped. */
    void afterStop() {
        Path name = clusterDir.getFileName();
        // Only ever a directory kbench created: the name is checked, not trusted.
        if (parentGone() && name != null && name.toString().startsWith(LocalKafkaCluster.TEMP_PREFIX)) {
            LocalFiles.deleteRecursively(clusterDir);
        }
    }

    /**
     * Whether a process has ended. A killed parent stays a zombie until its own parent reaps it,
     * and {@link ProcessHandle#isAlive()} counts zombies as alive, so on Linux look at its state.
     */
    static boolean isGone(ProcessHandle process) {
        if (!process.isAlive()) {
            return true;
        }
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(process.pid()), "stat"));
            // "pid (comm) S ...": the state follows the last ')'.
            String afterName = stat.substring(stat.lastIndexOf(')') + 1).trim();
            return afterName.startsWith("Z") || afterName.startsWith("X");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
