package io.kbench.kafka.local;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.kafka.common.utils.Exit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node JVM of {@link LocalKafkaCluster}: runs one combined broker+controller KRaft node and,
 * when asked, the {@link FaultProxy} in front of its client listener. One JVM per node, so one
 * broker can be killed or paused by its process id.
 *
 * <p>Talks to the parent with {@link NodeProtocol} over stdin/stdout; end of file on stdin (which
 * also comes when the parent dies, even by SIGKILL) stops the node. Everything else, including all
 * logging, goes to stderr, which the parent appends to the broker log. Arguments: see
 * {@link NodeArguments}.
 */
public final class LocalNodeMain {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(80);
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(15);

    private static final Logger LOG = LoggerFactory.getLogger(LocalNodeMain.class);

    private final NodeArguments args;
    private final PrintStream control;
    private final List<String> secrets;
    private final KafkaNode node;
    private final String clientAddress;
    private final NodeCleanup cleanup;
    /** The broker's GC pauses and segment deletions, watched from the JVM's start ({@link NodeProtocol#ACTIVITY}). */
    private final NodeGcLog gcLog = NodeGcLog.listening();
    private final SegmentWatch segments = SegmentWatch.polling();
    private final AtomicBoolean stopping = new AtomicBoolean();
    /** Counted down once {@link #stop()} has stopped the node. */
    private final CountDownLatch stopped = new CountDownLatch(1);
    /** Guards {@link #proxy} and {@link #freezeBeforeProxyEpochMs}. */
    private final Object proxyLock = new Object();
    private FaultProxy proxy;
    /** A freeze that came before the proxy started (a restart during a freeze): applied when it starts. */
    private long freezeBeforeProxyEpochMs;
    /** Likewise a delay fault: its delays, start and end (wall clock). */
    private long delayBeforeProxyMicros;
    private long delayBeforeProxyToMicros;
    private long delayBeforeProxyStartEpochMs;
    private long delayBeforeProxyUntilEpochMs;

    private LocalNodeMain(NodeArguments args, PrintStream control) throws IOException {
        this.args = args;
        this.control = control;
        LocalClusterSecrets.NodeSettings security = args.security() == null ? null : LocalClusterSecrets.read(args.security());
        this.secrets = security == null ? List.of() : security.secrets();
        Properties props = new Properties();
        // ISO-8859-1 with escapes, as Properties.store wrote it.
        try (InputStream in = Files.newInputStream(args.config())) {
            props.load(in);
        }
        this.clientAddress = firstAdvertisedAddress(props.getProperty("advertised.listeners", ""));
        this.node = new KafkaNode(props, args.config(), args.clusterId(),
                security == null ? List.of() : security.scramArguments(), args.features(), this::redact);
        this.cleanup = new NodeCleanup(args.clusterDir(), ProcessHandle.current().parent());
    }

    public static void main(String[] argv) {
        // stdout is the control channel: keep it for ourselves and send anything else that
        // writes to System.out (a library, a default log4j2 console appender) to stderr.
        PrintStream control = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        LocalNodeMain main;
        try {
            main = new LocalNodeMain(NodeArguments.parse(argv), control);
        } catch (IllegalArgumentException | IOException e) {
            LOG.error("Bad arguments: {}", e.getMessage());
            System.err.flush();
            System.exit(NodeProtocol.EXIT_START_FAILED);
            return;
        }
        main.run();
    }

    private void run() {
        installExitProcedures();
        Runtime.getRuntime().addShutdownHook(new Thread(this::stop, "kbench-node-shutdown-hook"));
        // Read commands from the start, so a parent that dies while the node starts stops it too.
        // Not a daemon: when the broker's own threads end during a stop, the JVM must not exit
        // before this thread has cleaned up and exited itself.
        Thread commands = new Thread(this::readCommands, "kbench-node-control");
        commands.start();
        long t0 = System.nanoTime();
        try {
            if (args.hasProxy()) {
                // Before the broker: a taken proxy port fails the start at once.
                synchronized (proxyLock) {
                    proxy = FaultProxy.start(args.proxyPort(), args.proxyTarget(), args.proxyDelay());
                    freezeUntil(proxy, freezeBeforeProxyEpochMs);
                    delayUntil(proxy, delayBeforeProxyMicros, delayBeforeProxyToMicros, delayBeforeProxyStartEpochMs,
                            delayBeforeProxyUntilEpochMs);
                }
            }
            node.format();
            node.start(START_TIMEOUT);
        } catch (Exception e) {
            if (stopping.get()) {
                return; // stopped while starting: the stop path exits
            }
            // Messages and stack traces could quote a configuration value: redact the secrets.
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            LOG.error("Local Kafka node failed to start: {}", redact(trace.toString()));
            System.err.flush();
            // The shutdown hook stops whatever did start.
            System.exit(NodeProtocol.EXIT_START_FAILED);
            return;
        }
        LOG.info("Node ready at {}{} in {} ms", clientAddress, args.hasProxy() ? " (through the fault proxy)" : "",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        reply(NodeProtocol.READY + clientAddress);
    }

    /** The command loop on stdin; end of file stops the node and the JVM. */
    private void readCommands() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                handle(line.trim());
            }
        } catch (IOException e) {
            LOG.warn("Reading stdin failed: {}", e.toString());
        }
        if (cleanup.parentGone()) {
            // Nobody waits for a graceful stop, and the data goes: a graceful stop would only
            // make the last controller wait for a quorum that is not coming back.
            LOG.info("Stdin closed and the parent JVM is gone: deleting the cluster's data and exiting at once");
            stopping.set(true);
            cleanup.afterStop();
            Runtime.getRuntime().halt(0);
        }
        LOG.info("Stdin closed: shutting down");
        stop();
        System.exit(0);
    }

    private void handle(String command) {
        if (command.startsWith(NodeProtocol.FREEZE)) {
            long untilEpochMs;
            try {
                untilEpochMs = Long.parseLong(command.substring(NodeProtocol.FREEZE.length()).trim());
            } catch (NumberFormatException e) {
                reply(NodeProtocol.ERROR + "bad command: " + command);
                return;
            }
            if (!args.hasProxy()) {
                reply(NodeProtocol.ERROR + "this node runs no fault proxy");
                return;
            }
            synchronized (proxyLock) {
                if (proxy == null) {
                    freezeBeforeProxyEpochMs = Math.max(freezeBeforeProxyEpochMs, untilEpochMs);
                } else {
                    freezeUntil(proxy, untilEpochMs);
                }
            }
            reply(NodeProtocol.FROZEN + untilEpochMs);
        } else if (command.startsWith(NodeProtocol.DELAY)) {
            String[] parts = command.substring(NodeProtocol.DELAY.length()).trim().split(" +");
            long micros;
            long untilEpochMs;
            long toMicros;
            long startEpochMs;
            try {
                micros = Long.parseLong(parts[0]);
                untilEpochMs = Long.parseLong(parts[1]);
                // A steady delay starts now; a ramp says when it started, so that a late node joins it where it is.
                toMicros = parts.length == 4 ? Long.parseLong(parts[2]) : micros;
                startEpochMs = parts.length == 4 ? Long.parseLong(parts[3]) : System.currentTimeMillis();
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                reply(NodeProtocol.ERROR + "bad command: " + command);
                return;
            }
            if ((parts.length != 2 && parts.length != 4) || micros < 0 || toMicros < 0 || startEpochMs >= untilEpochMs) {
                reply(NodeProtocol.ERROR + "bad command: " + command);
                return;
            }
            if (!args.hasProxy()) {
                reply(NodeProtocol.ERROR + "this node runs no fault proxy");
                return;
            }
            synchronized (proxyLock) {
                if (proxy == null) {
                    delayBeforeProxyMicros = micros;
                    delayBeforeProxyToMicros = toMicros;
                    delayBeforeProxyStartEpochMs = startEpochMs;
                    delayBeforeProxyUntilEpochMs = untilEpochMs;
                } else {
                    delayUntil(proxy, micros, toMicros, startEpochMs, untilEpochMs);
                }
            }
            reply(NodeProtocol.DELAYED + untilEpochMs);
        } else if (command.equals(NodeProtocol.METRICS)) {
            reply((NodeProtocol.METRICS + " " + BrokerMetrics.line(BrokerMetrics.read()) + " " + NodeMetrics.read()).stripTrailing());
        } else if (command.equals(NodeProtocol.ACTIVITY)) {
            reply(NodeProtocol.ACTIVITY + " " + NodeActivity.line(ManagementFactory.getRuntimeMXBean().getStartTime(), gcLog, segments));
        } else if (!command.isEmpty()) {
            reply(NodeProtocol.ERROR + "unknown command: " + command);
        }
    }

    /**
     * Wall-clock "until", converted once: a command that waited in a paused node's pipe freezes
     * only for what is left of it (nothing if it is over).
     */
    private static void freezeUntil(FaultProxy proxy, long untilEpochMs) {
        proxy.freeze(Duration.ofMillis(untilEpochMs - System.currentTimeMillis()));
    }

    /** Wall-clock start and "until", converted once, like {@link #freezeUntil}: nothing if it is over. */
    private static void delayUntil(FaultProxy proxy, long micros, long toMicros, long startEpochMs, long untilEpochMs) {
        long nowMs = System.currentTimeMillis();
        long leftMs = untilEpochMs - nowMs;
        if (leftMs > 0) {
            proxy.delay(Duration.ofNanos(micros * 1_000), Duration.ofNanos(toMicros * 1_000), Duration.ofMillis(Math.max(0, nowMs - startEpochMs)),
                    Duration.ofMillis(leftMs));
        }
    }

    private void reply(String line) {
        synchronized (control) {
            control.println(line);
            control.flush();
        }
    }

    /**
     * Kafka calls {@link Exit#exit}/{@link Exit#halt} on fatal errors (e.g. a failed log dir, a
     * metadata error). Log it and end the JVM with a non-zero status; the parent sees the exit.
     */
    private void installExitProcedures() {
        Exit.setExitProcedure((status, message) -> fatal("exit", status, message));
        Exit.setHaltProcedure((status, message) -> fatal("halt", status, message));
    }

    private void fatal(String kind, int status, String message) {
        String what = "Kafka requested JVM " + kind + " with status " + status
                + (message == null ? "" : ": " + redact(message));
        if (stopping.get()) {
            // Shutting down (e.g. the node noticed its data going): end quietly.
            System.err.println(what + " while stopping");
            System.err.flush();
            cleanup.afterStop();
            Runtime.getRuntime().halt(0);
        }
        System.err.println(what + "; the node stops");
        System.err.flush();
        cleanup.afterStop();
        Runtime.getRuntime().halt(status == 0 ? NodeProtocol.EXIT_FATAL : status);
    }

    /**
     * Stops the proxy and the node (once), then cleans up. Safe from any thread, including a shutdown hook; a second
     * caller waits for the first one's stop to end (at most {@link #SHUTDOWN_TIMEOUT} and 5 s), so that the shutdown
     * hook of a SIGTERM that comes with the end of stdin does not let the JVM end in the middle of a controlled shutdown.
     */
    private void stop() {
        if (!stopping.compareAndSet(false, true)) {
            try {
                stopped.await(SHUTDOWN_TIMEOUT.toSeconds() + 5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        try {
            long t0 = System.nanoTime();
            FaultProxy p;
            synchronized (proxyLock) {
                p = proxy;
            }
            if (p != null) {
                p.close();
            }
            boolean done = node.stop(SHUTDOWN_TIMEOUT);
            cleanup.afterStop();
            LOG.info("Node stopped in {} ms{}", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0),
                    done ? "" : " (still stopping after " + SHUTDOWN_TIMEOUT.toSeconds() + " s; not waited for)");
        } finally {
            stopped.countDown();
        }
    }

    private String redact(String text) {
        return LocalClusterSecrets.redact(text, secrets);
    }

    /** "CLIENT://127.0.0.1:9003,INTERNAL://..." → "127.0.0.1:9003". */
    static String firstAdvertisedAddress(String advertisedListeners) {
        String first = advertisedListeners.split(",")[0].trim();
        int scheme = first.indexOf("://");
        return scheme < 0 ? first : first.substring(scheme + 3);
    }
}
