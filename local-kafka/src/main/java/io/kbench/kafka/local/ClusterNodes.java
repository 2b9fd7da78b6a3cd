package io.kbench.kafka.local;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import java.util.function.Function;

import io.kbench.driver.BrokerActivity;
import io.kbench.driver.DriverException;

/**
 * The running node JVMs of a local cluster, and the faults applied to them: start, kill, restart,
 * pause, network freeze, stop; and the nodes' own changes: a graceful stop, a node added, a node
 * removed ({@link BrokerOperations} runs those). A node's index is its node id - 1, for the nodes
 * added too, and a removed node's index is never used again. Indexes are checked by the caller ({@link LocalKafkaCluster});
 * state errors (killing a dead broker, restarting a live one, anything after {@link #close()})
 * are {@link DriverException}s saying what is allowed. Every fault is written to the broker log.
 *
 * <p>Thread-safe. One lock guards the handles and pauses; it is never held while waiting for a
 * node (a restart waits outside it), so a fault on one broker does not delay a fault on another,
 * and {@link #close()} cannot leave a node behind: a node is only launched under the lock after
 * checking that the cluster is not closed.
 */
final class ClusterNodes {

    private static final long KILL_WAIT_MS = 10_000;
    private static final Duration FAULT_ACK_TIMEOUT = Duration.ofSeconds(5);

    private final ClusterLayout layout;
    private final Function<NodeLayout, List<String>> commandLine;
    private final Path log;
    private final FaultLog faultLog;

    private final Object lock = new Object();
    /** By index: the original nodes, then those added ({@link #launchAdded}); {@code null} until launched. */
    private final List<NodeProcess> nodes;
    private final List<Pause> pauses;
    /** Indexes of the nodes {@link #remove}d: their slots stay, so that an index only ever names one node. */
    private final Set<Integer> removed = new TreeSet<>();
    private boolean closed;
    /** End of the latest network freeze (wall clock, ms), so a broker restarted during it freezes too. */
    private long frozenUntilEpochMs;
    /** End of the latest network delay fault (wall clock, ms) and its delay, likewise. */
    private long delayedUntilEpochMs;
    private long delayMicros;
    /** Its delay at the end and its start (wall clock, ms), for a ramp; the same delay and 0 for a steady one. */
    private long delayToMicros;
    private long delayStartEpochMs;
    /** One freeze or delay at a time: the nodes' answers are matched to the command in order. */
    private final Object broadcastLock = new Object();

    /** A pause in progress: the helper process that will send SIGCONT, and when. */
    private record Pause(Process resumer, Instant until) {
        boolean inProgress() {
            return resumer.isAlive();
        }
    }

    /**
     * @param commandLine the command that starts a node's JVM
     * @param log         the broker log, which receives the nodes' stderr
     */
    ClusterNodes(ClusterLayout layout, Function<NodeLayout, List<String>> commandLine, Path log, FaultLog faultLog) {
        this.layout = layout;
        this.commandLine = commandLine;
        this.log = log;
        this.faultLog = faultLog;
        this.nodes = new ArrayList<>(Collections.nCopies(layout.brokers(), null));
        this.pauses = new ArrayList<>(Collections.nCopies(layout.brokers(), null));
    }

    /**
     * Launches every node at once (with several voters no node can finish starting alone) and
     * waits until all are ready; the first node to fail fails the start.
     */
    void startAll(long timeoutMs) throws IOException {
        List<CompletableFuture<String>> readies = new ArrayList<>();
        synchronized (lock) {
            for (NodeLayout node : layout.nodes()) {
                nodes.set(node.index(), launch(node));
                readies.add(nodes.get(node.index()).ready());
            }
        }
        CompletableFuture<Void> firstFailure = new CompletableFuture<>();
        readies.forEach(r -> r.whenComplete((address, e) -> {
            if (e != null) {
                firstFailure.completeExceptionally(e);
            }
        }));
        await(CompletableFuture.anyOf(CompletableFuture.allOf(readies.toArray(CompletableFuture[]::new)), firstFailure),
                timeoutMs, "the brokers were not ready within " + timeoutMs / 1000 + " s (a very slow or overloaded machine?)");
    }

    private NodeProcess launch(NodeLayout node) throws IOException {
        return NodeProcess.launch(node, commandLine.apply(node), log.getParent(), log);
    }

    // ---- state

    long pid(int index) {
        synchronized (lock) {
            return nodes.get(index).pid();
        }
    }

    /** The JVMs' process ids, of the nodes not removed, by ascending index. */
    List<Long> pids() {
        synchronized (lock) {
            List<Long> pids = new ArrayList<>();
            for (int i : indexes()) {
                pids.add(nodes.get(i).pid());
            }
            return pids;
        }
    }

    boolean isAlive(int index) {
        synchronized (lock) {
            return !closed && nodes.get(index).isAlive();
        }
    }

    boolean isPaused(int index) {
        synchronized (lock) {
            return pauses.get(index) != null;
        }
    }

    NodeLayout layout(int index) {
        synchronized (lock) {
            return nodes.get(index).node();
        }
    }

    /** The indexes of the cluster's nodes, running or not, ascending; a removed node is no longer one of them. */
    List<Integer> indexes() {
        synchronized (lock) {
            List<Integer> indexes = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) {
                if (!removed.contains(i)) {
                    indexes.add(i);
                }
            }
            return indexes;
        }
    }

    /** How many indexes were ever used: the index of the next node added ({@link #launchAdded}). */
    int slots() {
        synchronized (lock) {
            return nodes.size();
        }
    }

    boolean anyAlive() {
        synchronized (lock) {
            return !closed && !runningIndexes().isEmpty();
        }
    }

    // ---- faults

    /** SIGKILL; blocks until the process is gone (at most 10 s). */
    void kill(int index) {
        NodeProcess node;
        synchronized (lock) {
            checkOpen("kill a broker");
            checkNotRemoved(index);
            node = nodes.get(index);
            if (!node.isAlive()) {
                throw new DriverException(brokerText(index) + " is not running, so it cannot be killed; running brokers: "
                        + runningIndexes() + " (restart it with restartBroker(" + index + "))");
            }
            boolean wasPaused = cancelPause(index, false);
            node.kill();
            faultLog.info("broker-kill: " + brokerText(index) + " (pid " + node.pid() + ") killed with SIGKILL"
                    + (wasPaused ? " while paused" : ""));
        }
        if (!node.waitFor(KILL_WAIT_MS)) {
            throw new DriverException(brokerText(index) + " (pid " + node.pid() + ") was sent SIGKILL but is still running after "
                    + KILL_WAIT_MS / 1000 + " s");
        }
    }

    /** Launches a node that is not running again (same data, same ports) and waits until it is ready. */
    void restart(int index, long timeoutMs) {
        long t0 = System.nanoTime();
        NodeProcess node;
        synchronized (lock) {
            checkOpen("restart a broker");
            checkNotRemoved(index);
            if (nodes.get(index).isAlive()) {
                throw new DriverException(brokerText(index) + " is running; only a killed broker can be restarted"
                        + " (kill it first with killBroker(" + index + "))");
            }
            try {
                node = launch(nodes.get(index).node());
            } catch (IOException e) {
                throw new DriverException("Cannot restart " + brokerText(index) + ": " + e.getMessage(), e);
            }
            nodes.set(index, node);
            faultLog.info("broker-restart: starting " + brokerText(index) + " again (pid " + node.pid()
                    + ", same data, same ports)");
            catchUpOnNetworkFaults(index, node, "restarted");
        }
        try {
            await(node.ready(), timeoutMs, "it was not registered again within " + timeoutMs / 1000 + " s");
        } catch (IOException e) {
            node.kill();
            node.waitFor(KILL_WAIT_MS);
            faultLog.info("broker-restart: " + brokerText(index) + " did not come back: " + e.getMessage());
            throw new DriverException("Cannot restart " + brokerText(index) + ": " + e.getMessage()
                    + LocalFiles.logTail(log), e);
        }
        faultLog.info(String.format(Locale.ROOT, "broker-restart: %s registered again after %d ms",
                brokerText(index), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)));
    }

    /**
     * A node launched during a network freeze or delay gets what is left of it, sent before its broker listens (its
     * proxy starts frozen or delayed: no window for clients). Caller holds {@link #lock}.
     */
    private void catchUpOnNetworkFaults(int index, NodeProcess node, String how) {
        long frozenForMs = frozenUntilEpochMs - System.currentTimeMillis();
        if (frozenForMs > 0 && node.node().hasProxy()) {
            sendQuietly(node, NodeProtocol.FREEZE + frozenUntilEpochMs);
            faultLog.info("network-freeze: " + brokerText(index) + " " + how + " during a freeze: frozen for the "
                    + frozenForMs + " ms left");
        }
        long delayedForMs = delayedUntilEpochMs - System.currentTimeMillis();
        if (delayedForMs > 0 && node.node().hasProxy()) {
            sendQuietly(node, delayCommand(delayMicros, delayedUntilEpochMs, delayToMicros, delayStartEpochMs));
            faultLog.info("network-delay: " + brokerText(index) + " " + how + " during a delay: delayed for the "
                    + delayedForMs + " ms left");
        }
    }

    // ---- the nodes' own changes (operations, not faults: BrokerOperations waits for their outcome)

    /**
     * Sends node {@code index} SIGTERM and returns at once: its shutdown hook stops the broker, which first shuts down
     * under the controller's control (its leaderships move to other replicas), then the node's controller if it is one.
     *
     * @param what the operation, first on its line in the broker log (e.g. "broker-graceful-restart")
     * @return the node's JVM, to wait for
     * @throws DriverException if the node is not running, is paused (a stopped JVM cannot shut down), or the cluster is closed
     */
    NodeProcess terminate(int index, String what) {
        synchronized (lock) {
            checkOpen("stop a broker");
            checkNotRemoved(index);
            NodeProcess node = nodes.get(index);
            if (!node.isAlive()) {
                throw new DriverException(brokerText(index) + " is not running, so it cannot be stopped; running brokers: "
                        + runningIndexes() + " (restart it with restartBroker(" + index + ") first)");
            }
            Pause pause = pauses.get(index);
            if (pause != null && pause.inProgress()) {
                throw new DriverException(brokerText(index) + " is paused until " + pause.until()
                        + ", and a paused JVM cannot shut down; stop it after that");
            }
            node.terminate();
            faultLog.info(what + ": " + brokerText(index) + " (pid " + node.pid() + ") sent SIGTERM: controlled shutdown");
            return node;
        }
    }

    /**
     * Launches a node added to the cluster, whose index must be {@link #slots()}; from now on it is one of the nodes
     * (faults, metrics, {@link #close()}). Does not wait for it.
     *
     * @return its JVM, whose {@link NodeProcess#ready()} completes once its broker is registered and unfenced
     * @throws DriverException if it could not be launched, or the cluster is closed
     */
    NodeProcess launchAdded(NodeLayout added) {
        int index = added.index();
        synchronized (lock) {
            checkOpen("add a broker");
            if (index != nodes.size()) {
                throw new IllegalStateException("the next node's index is " + nodes.size() + ", not " + index);
            }
            NodeProcess node;
            try {
                node = launch(added);
            } catch (IOException e) {
                throw new DriverException("Cannot add " + brokerText(index) + ": " + e.getMessage(), e);
            }
            nodes.add(node);
            pauses.add(null);
            faultLog.info("broker-add: starting " + brokerText(index) + " (pid " + node.pid() + ", broker only, at "
                    + added.clientAddress() + ")");
            catchUpOnNetworkFaults(index, node, "added");
            return node;
        }
    }

    /**
     * Takes node {@code index} out of the cluster for good; it must have stopped. Its index is never used again.
     *
     * @throws DriverException if it runs, or the cluster is closed
     */
    void remove(int index) {
        synchronized (lock) {
            checkOpen("remove a broker");
            checkNotRemoved(index);
            if (nodes.get(index).isAlive()) {
                throw new DriverException(brokerText(index) + " is running; stop it before removing it");
            }
            removed.add(index);
            pauses.set(index, null);
        }
    }

    /** SIGSTOP now; a helper process sends SIGCONT after {@code duration}. Returns at once. */
    void pause(int index, Duration duration) {
        synchronized (lock) {
            checkOpen("pause a broker");
            checkNotRemoved(index);
            NodeProcess node = nodes.get(index);
            if (!node.isAlive()) {
                throw new DriverException(brokerText(index) + " is not running, so it cannot be paused; running brokers: "
                        + runningIndexes());
            }
            Pause running = pauses.get(index);
            if (running != null && running.inProgress()) {
                throw new DriverException(brokerText(index) + " is already paused until " + running.until()
                        + "; pause it again after that");
            }
            try {
                Signals.pause(node.pid());
            } catch (IOException e) {
                throw new DriverException("Cannot pause " + brokerText(index) + ": " + e.getMessage()
                        + " (pausing needs Linux and the shell's kill)", e);
            }
            Process resumer;
            try {
                resumer = Signals.resumeLater(node.pid(), duration);
            } catch (IOException e) {
                resumeQuietly(node);
                throw new DriverException("Cannot pause " + brokerText(index) + ": cannot schedule its resume ("
                        + e.getMessage() + "); it was resumed at once", e);
            }
            Pause pause = new Pause(resumer, Instant.now().plus(duration));
            pauses.set(index, pause);
            faultLog.info("broker-pause: " + brokerText(index) + " (pid " + node.pid() + ") stopped with SIGSTOP for "
                    + duration.toMillis() + " ms");
            resumer.onExit().thenRun(() -> {
                synchronized (lock) {
                    // Not when the pause was cancelled (kill, close): those say so themselves.
                    if (pauses.get(index) == pause) {
                        if (!closed) {
                            faultLog.info("broker-pause: " + brokerText(index) + " resumed with SIGCONT");
                        }
                        pauses.set(index, null); // over only once its resume is recorded: isPaused never runs ahead of the log
                    }
                }
            });
        }
    }

    /**
     * Sends FREEZE to every running node and waits until each one that is not paused has
     * confirmed. A paused node gets the command too: it applies what is left of the freeze when it
     * resumes.
     */
    void freeze(Duration duration) {
        long untilEpochMs = System.currentTimeMillis() + duration.toMillis();
        broadcast("freeze the network", NodeProtocol.FREEZE + untilEpochMs, NodeProtocol.FROZEN + untilEpochMs,
                () -> frozenUntilEpochMs = Math.max(frozenUntilEpochMs, untilEpochMs),
                "network-freeze: clients' traffic to every broker stopped for " + duration.toMillis() + " ms");
    }

    /**
     * Sends DELAY to every running node and waits until each one that is not paused has confirmed;
     * a paused node applies what is left of it when it resumes, a restarted one when it starts.
     */
    void delay(Duration delay, Duration toDelay, Duration duration) {
        long startEpochMs = System.currentTimeMillis();
        long untilEpochMs = startEpochMs + duration.toMillis();
        long micros = delay.toNanos() / 1_000;
        long toMicros = toDelay.toNanos() / 1_000;
        long start = micros == toMicros ? 0 : startEpochMs;
        broadcast("delay the network", delayCommand(micros, untilEpochMs, toMicros, start), NodeProtocol.DELAYED + untilEpochMs,
                () -> {
                    delayedUntilEpochMs = untilEpochMs;
                    delayMicros = micros;
                    delayToMicros = toMicros;
                    delayStartEpochMs = start;
                },
                micros == toMicros
                        ? String.format(Locale.ROOT, "network-delay: every byte between the clients and every broker held %.3f ms each way "
                                + "for %d ms", micros / 1e3, duration.toMillis())
                        : String.format(Locale.ROOT, "network-delay: every byte between the clients and every broker held %.3f ms each way, "
                                + "going linearly to %.3f ms over %d ms", micros / 1e3, toMicros / 1e3, duration.toMillis()));
    }

    /** DELAY for a steady delay ({@code startEpochMs} 0: it starts when a node gets it), or for a ramp that started then. */
    private static String delayCommand(long micros, long untilEpochMs, long toMicros, long startEpochMs) {
        return NodeProtocol.DELAY + micros + " " + untilEpochMs + (startEpochMs == 0 ? "" : " " + toMicros + " " + startEpochMs);
    }

    /**
     * Sends {@code command} to every running node (under the lock, after {@code remember}) and waits
     * until each that is not paused answers {@code confirmation}. One command at a time: the nodes'
     * answers are matched to it in order.
     */
    private void broadcast(String what, String command, String confirmation, Runnable remember, String logLine) {
        synchronized (broadcastLock) {
            List<NodeProcess> confirming = new ArrayList<>();
            List<Integer> skipped = new ArrayList<>();
            synchronized (lock) {
                checkOpen(what);
                remember.run();
                for (int i : indexes()) {
                    NodeProcess node = nodes.get(i);
                    try {
                        if (!node.isAlive()) {
                            skipped.add(i);
                            continue;
                        }
                        node.send(command);
                    } catch (IOException e) {
                        skipped.add(i); // it died just now
                        continue;
                    }
                    if (pauses.get(i) == null || !pauses.get(i).inProgress()) {
                        confirming.add(node);
                    }
                }
                faultLog.info(logLine + (skipped.isEmpty() ? "" : " (not running, skipped: brokers " + skipped + ")"));
            }
            for (NodeProcess node : confirming) {
                String reply;
                try {
                    reply = node.awaitReply(line -> line.equals(confirmation) || line.startsWith(NodeProtocol.ERROR),
                            FAULT_ACK_TIMEOUT);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new DriverException("interrupted while trying to " + what, e);
                }
                if (!confirmation.equals(reply)) {
                    throw new DriverException("the fault proxy of " + brokerText(node.node().index())
                            + " did not confirm the command to " + what + (reply == null ? " within "
                            + FAULT_ACK_TIMEOUT.toSeconds() + " s" : ": " + reply) + "; see " + log);
                }
            }
        }
    }

    /**
     * Each running node's request metrics ({@link BrokerMetrics}), combined; a node that is paused, dead or
     * silent for {@link #FAULT_ACK_TIMEOUT} is left out. Never throws.
     */
    Map<String, Double> brokerMetrics() {
        List<Map<String, Double>> readings = readings();
        readings.forEach(r -> r.keySet().removeAll(NodeMetrics.METERS.keySet()));
        return readings.isEmpty() ? Map.of() : BrokerMetrics.combine(readings);
    }

    /**
     * The broker counters of every running node that is not paused ({@link NodeMetrics}), each summed over them; a node
     * that does not answer within the fault acknowledgement timeout is left out. Never throws.
     */
    Map<String, Long> metrics() {
        Map<String, Long> sum = new java.util.LinkedHashMap<>();
        for (Map<String, Double> reading : readings()) {
            reading.forEach((k, v) -> {
                if (NodeMetrics.METERS.containsKey(k)) {
                    sum.merge(k, v.longValue(), Long::sum);
                }
            });
        }
        return sum;
    }

    /**
     * What each running broker that is not paused did since its JVM started ({@link NodeActivity}): its GC pauses and
     * its segment deletions. One command at a time, as faults; a node silent for {@link #FAULT_ACK_TIMEOUT} is left
     * out; empty once closed or when interrupted.
     */
    List<BrokerActivity> activity() {
        return ask(NodeProtocol.ACTIVITY, NodeActivity::parse);
    }

    /**
     * What each running node that is not paused answers to {@link NodeProtocol#METRICS}: its request metrics and its
     * counters, by name. One command at a time, as faults; a node silent for {@link #FAULT_ACK_TIMEOUT} is left out;
     * empty once closed or when interrupted.
     */
    private List<Map<String, Double>> readings() {
        return ask(NodeProtocol.METRICS, (nodeId, rest) -> BrokerMetrics.parse(rest));
    }

    /**
     * Sends {@code command} to each running node that is not paused, then reads each one's answer: {@code read} gets the
     * node's id and what follows the command on the answer's line, and may return null (left out). A node that answers
     * {@link NodeProtocol#ERROR} or is silent for {@link #FAULT_ACK_TIMEOUT} is left out; empty once closed or when
     * interrupted.
     */
    private <T> List<T> ask(String command, BiFunction<Integer, String, T> read) {
        synchronized (broadcastLock) {
            List<NodeProcess> asked = new ArrayList<>();
            synchronized (lock) {
                if (closed) {
                    return new ArrayList<>();
                }
                for (int i : indexes()) {
                    NodeProcess node = nodes.get(i);
                    if (node == null || !node.isAlive() || (pauses.get(i) != null && pauses.get(i).inProgress())) {
                        continue;
                    }
                    try {
                        node.send(command);
                        asked.add(node);
                    } catch (IOException e) {
                        // it died just now: nothing to read
                    }
                }
            }
            List<T> out = new ArrayList<>();
            for (NodeProcess node : asked) {
                try {
                    String reply = node.awaitReply(line -> line.startsWith(command + " ") || line.equals(command)
                            || line.startsWith(NodeProtocol.ERROR), FAULT_ACK_TIMEOUT);
                    T answer = reply == null || !reply.startsWith(command) ? null
                            : read.apply(node.node().nodeId(), reply.substring(command.length()));
                    if (answer != null) {
                        out.add(answer);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return new ArrayList<>();
                }
            }
            return out;
        }
    }

    // ---- stopping

    /** After a failed start: SIGKILL to every node launched, then wait for them. */
    void killAll() {
        List<NodeProcess> all = new ArrayList<>();
        synchronized (lock) {
            closed = true;
            for (NodeProcess node : nodes) {
                if (node != null) {
                    node.kill();
                    all.add(node);
                }
            }
        }
        for (NodeProcess node : all) {
            node.waitFor(5_000);
        }
    }

    /**
     * Ends every node JVM at once (SIGKILL) and waits for them to be gone. The cluster's data is about to
     * be deleted, so nothing a graceful stop would save is kept: three nodes stopping together take
     * seconds of controlled shutdowns against a vanishing quorum (about 7 s and 11 s of CPU on 2 cores),
     * a kill none. Afterwards no node JVM of this cluster runs. Idempotent.
     */
    void close() {
        List<NodeProcess> running = new ArrayList<>();
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            for (int i = 0; i < nodes.size(); i++) {
                cancelPause(i, false); // a stopped JVM takes SIGKILL too; its resumer helper goes
                if (nodes.get(i) != null && nodes.get(i).isAlive()) {
                    running.add(nodes.get(i));
                }
            }
        }
        for (NodeProcess node : running) {
            node.kill();
        }
        for (NodeProcess node : running) {
            node.waitFor(KILL_WAIT_MS);
        }
    }

    // ---- helpers

    /** Caller holds {@link #lock}. */
    private void checkOpen(String what) {
        if (closed) {
            throw new DriverException("cannot " + what + ": the local cluster is closed");
        }
    }

    /** Caller holds {@link #lock}. */
    private void checkNotRemoved(int index) {
        if (removed.contains(index)) {
            throw new DriverException(brokerText(index) + " was removed from the cluster; its brokers now: indexes " + indexes());
        }
    }

    /** Caller holds {@link #lock}. */
    private List<Integer> runningIndexes() {
        List<Integer> running = new ArrayList<>();
        for (int i : indexes()) {
            if (nodes.get(i) != null && nodes.get(i).isAlive()) {
                running.add(i);
            }
        }
        return running;
    }

    /**
     * Ends a pause in progress early: the helper is destroyed and, if {@code resume}, SIGCONT is
     * sent now. Caller holds {@link #lock}. Returns whether a pause was in progress.
     */
    private boolean cancelPause(int index, boolean resume) {
        Pause pause = pauses.get(index);
        pauses.set(index, null);
        if (pause == null || !pause.inProgress()) {
            return false;
        }
        pause.resumer().destroyForcibly();
        if (resume) {
            resumeQuietly(nodes.get(index));
            faultLog.info("broker-pause: " + brokerText(index) + " resumed early with SIGCONT (the cluster is closing)");
        }
        return true;
    }

    private static void sendQuietly(NodeProcess node, String command) {
        try {
            node.send(command);
        } catch (IOException ignored) {
            // It died at once: the restart reports that.
        }
    }

    private static void resumeQuietly(NodeProcess node) {
        try {
            Signals.resume(node.pid());
        } catch (IOException ignored) {
            // Gone already; close() kills what is left.
        }
    }

    /** Waits for {@code future}; failures become IOExceptions with the cause's message. */
    private static <T> T await(CompletableFuture<T> future, long timeoutMs, String timeoutMessage) throws IOException {
        try {
            return future.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException(timeoutMessage, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(String.valueOf(cause), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the brokers", e);
        }
    }

    static String brokerText(int index) {
        return "broker " + index + " (node " + (index + 1) + ")";
    }
}
