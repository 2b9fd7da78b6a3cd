package io.kbench.kafka.local;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The parent's handle on one running node JVM: its process, the {@link NodeProtocol} lines on its
 * stdin and stdout, and its end. A restarted node gets a new handle.
 */
final class NodeProcess {

    private final NodeLayout node;
    private final Process process;
    private final OutputStream stdin;
    private final CompletableFuture<String> ready = new CompletableFuture<>();
    /** Lines after READY: answers to commands. */
    private final BlockingQueue<String> replies = new LinkedBlockingQueue<>();
    /**
     * Lines before READY other than protocol answers: the JVM's own errors when it cannot start
     * (e.g. "Could not reserve enough space for ... object heap"), which it prints on stdout
     * before any code of ours runs. The last few are kept for the error message.
     */
    private final Deque<String> earlyOutput = new ArrayDeque<>();
    private static final int EARLY_OUTPUT_LINES = 5;

    private NodeProcess(NodeLayout node, Process process) {
        this.node = node;
        this.process = process;
        this.stdin = process.getOutputStream();
    }

    /**
     * Starts the node's JVM in {@code workDir} (so whatever a JVM drops in its working directory,
     * such as a crash report, stays out of the user's); its stderr is appended to {@code log}.
     * Does not wait for it.
     */
    static NodeProcess launch(NodeLayout node, List<String> command, Path workDir, Path log) throws IOException {
        Process p = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectOutput(ProcessBuilder.Redirect.PIPE)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        p.onExit().thenAccept(ended -> ClassDataArchive.afterExit(command, ended.exitValue()));
        NodeProcess np = new NodeProcess(node, p);
        np.startReader();
        return np;
    }

    private void startReader() {
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (!ready.isDone() && line.startsWith(NodeProtocol.READY)) {
                        ready.complete(line.substring(NodeProtocol.READY.length()).trim());
                    } else if (isProtocolAnswer(line)) {
                        replies.add(line);
                    } else if (!ready.isDone() && !line.isBlank()) {
                        synchronized (earlyOutput) {
                            earlyOutput.addLast(line.trim());
                            if (earlyOutput.size() > EARLY_OUTPUT_LINES) {
                                earlyOutput.removeFirst();
                            }
                        }
                    }
                }
            } catch (IOException e) {
                // The process is gone: reported below.
            }
            // End of output before READY: the JVM is exiting; report its status.
            boolean exited = waitFor(3_000);
            ready.completeExceptionally(new IOException(exited ? exitedEarly(process.exitValue())
                    : what() + " closed its output before it was ready"));
        }, "kbench-node-" + node.nodeId() + "-stdout");
        reader.setDaemon(true);
        reader.start();
        // Reported by the reader, which has then read everything the JVM printed; this is a fallback.
        process.onExit().thenRunAsync(() -> ready.completeExceptionally(new IOException(exitedEarly(process.exitValue()))),
                CompletableFuture.delayedExecutor(5, TimeUnit.SECONDS));
    }

    private static boolean isProtocolAnswer(String line) {
        return line.startsWith(NodeProtocol.FROZEN) || line.startsWith(NodeProtocol.DELAYED) || line.startsWith(NodeProtocol.ERROR)
                || line.startsWith(NodeProtocol.METRICS) || line.startsWith(NodeProtocol.ACTIVITY);
    }

    private String exitedEarly(int status) {
        String printed;
        synchronized (earlyOutput) {
            printed = earlyOutput.isEmpty() ? "" : " (it printed: " + String.join(" / ", earlyOutput) + ")";
        }
        return what() + " exited with status " + status + " before it was ready" + printed;
    }

    private String what() {
        return "the JVM of node " + node.nodeId();
    }

    NodeLayout node() {
        return node;
    }

    /** Completes with the node's client address once it is registered; fails if the JVM ends first. */
    CompletableFuture<String> ready() {
        return ready;
    }

    long pid() {
        return process.pid();
    }

    /** Whether the JVM runs (a paused, that is SIGSTOPped, JVM runs). */
    boolean isAlive() {
        return process.isAlive();
    }

    /** Writes one command line to the node's stdin. */
    void send(String line) throws IOException {
        synchronized (stdin) {
            stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        }
    }

    /**
     * The node's first answer that {@code wanted} accepts, or {@code null} if none came within
     * {@code timeout}. Other answers (late ones to earlier commands, e.g. a freeze a paused node
     * applied when it resumed) are dropped.
     */
    String awaitReply(Predicate<String> wanted, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            String line = left <= 0 ? null : replies.poll(left, TimeUnit.NANOSECONDS);
            if (line == null || wanted.test(line)) {
                return line;
            }
        }
    }

    /**
     * SIGTERM on Linux: the node's shutdown hook stops its broker, with a controlled shutdown, then the JVM exits.
     * Through the process handle: {@link Process#destroy()} would also close the node's stdin, a second stop request
     * racing the first, and its stdout, which is still read until the JVM ends.
     */
    void terminate() {
        process.toHandle().destroy();
    }

    /** SIGKILL on Linux: no shutdown hook, no cleanup; the data stays for a restart. */
    void kill() {
        process.destroyForcibly();
    }

    /** Waits for the JVM to end; true if it has. */
    boolean waitFor(long millis) {
        try {
            return process.waitFor(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }
}
