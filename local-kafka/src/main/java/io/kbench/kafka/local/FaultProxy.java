package io.kbench.kafka.local;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A TCP proxy in front of one broker's client listener that can stall all of its traffic for a
 * while — a network freeze — without closing any connection, and hold every byte for a fixed
 * delay in each direction — a slow link.
 *
 * <p>One thread multiplexes every connection with a {@link Selector}; each connection has one
 * {@link DelayLine} per direction, and a side is read only while the line toward its peer holds
 * less than {@value #BUFFER_BYTES} bytes ({@value #DELAYED_BUFFER_BYTES} while a delay is set, the
 * bytes a fast link has in flight), so a slow reader slows its writer (TCP back-pressure) as it
 * would without the proxy.
 *
 * <p>With a delay ({@link #start(int, int, Duration)} for the whole run, {@link #delay} for a
 * while) a byte read at time t is written at t + delay, in order; many reads are in flight at
 * once, so the delay adds latency but does not cap throughput at one read per delay. The thread
 * sleeps in the selector until the next byte falls due (millisecond resolution, never early).
 *
 * <p>{@link #freeze} makes that thread stop doing any I/O until the freeze ends: no byte is read
 * or written in either direction, no connection is accepted or opened, nothing is closed. The
 * kernel keeps the connections open and buffers what the peers send until their windows fill, so
 * clients see a stall, not a reset; afterwards everything flows again in order.
 *
 * <p>It runs inside the broker's node JVM ({@link LocalNodeMain}), so its CPU is charged to the
 * cluster, not to the benchmark client that measures its own CPU.
 */
final class FaultProxy implements AutoCloseable {

    static final int BUFFER_BYTES = 64 * 1024;
    /** What one direction may hold while a delay is set: 16 MiB lets 160 MB/s through a 100 ms delay. */
    static final int DELAYED_BUFFER_BYTES = 16 * 1024 * 1024;
    /** How long {@link #freeze} waits for the I/O thread to stop; it is idle or mid-copy, so this is generous. */
    private static final Duration FREEZE_ACK_TIMEOUT = Duration.ofSeconds(5);

    private static final Logger LOG = LoggerFactory.getLogger(FaultProxy.class);

    private final InetSocketAddress target;
    private final ServerSocketChannel server;
    private final Selector selector;
    private final Thread thread;
    private final AtomicInteger connections = new AtomicInteger();
    private volatile boolean running = true;

    /** The delay each byte gets: the run's own, and a fault's (steady or ramping) for a while. Replaced whole, never changed. */
    private record DelaySetting(long baseNanos, DelayRamp fault) {
        long nanosAt(long now) {
            return fault != null && now - fault.untilNanos() < 0 ? fault.nanosAt(now) : baseNanos;
        }
    }

    private volatile DelaySetting delay;
    /** The I/O thread's: one read buffer for every connection, copied into the delay lines. */
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(BUFFER_BYTES);
    /** The I/O thread's: connections holding bytes not due yet, to wake for. */
    private final Set<Connection> waiting = new HashSet<>();

    /** Guards the freeze state below; the I/O thread waits on it while frozen. */
    private final Object freezeLock = new Object();
    private volatile long frozenUntilNanos;
    private volatile boolean frozen;
    /** Incremented by each freeze; the I/O thread records the one it stopped for. */
    private long freezeGeneration;
    private long parkedGeneration;

    private FaultProxy(InetSocketAddress target, ServerSocketChannel server, Selector selector, Duration baseDelay) {
        this.target = target;
        this.server = server;
        this.selector = selector;
        this.delay = new DelaySetting(baseDelay.toNanos(), null);
        this.thread = new Thread(this::run, "kbench-fault-proxy-" + server.socket().getLocalPort());
        this.thread.setDaemon(true);
    }

    /**
     * Listens on {@code listenPort} and forwards every connection to {@code targetPort}, both on
     * {@value ClusterLayout#HOST}.
     *
     * @throws IOException if {@code listenPort} cannot be bound (e.g. taken by another process)
     */
    static FaultProxy start(int listenPort, int targetPort) throws IOException {
        return start(listenPort, targetPort, Duration.ZERO);
    }

    /**
     * As {@link #start(int, int)}, holding every byte for {@code baseDelay} in each direction
     * (zero: none) for as long as the proxy runs.
     */
    static FaultProxy start(int listenPort, int targetPort, Duration baseDelay) throws IOException {
        if (baseDelay.isNegative()) {
            throw new IllegalArgumentException("a network delay cannot be negative (got " + baseDelay.toMillis() + " ms)");
        }
        Selector selector = Selector.open();
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            // Rebinding right after a killed node held the port must work: same port on restart.
            server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            server.bind(new InetSocketAddress(ClusterLayout.HOST, listenPort), 128);
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            server.close();
            selector.close();
            throw new IOException("cannot listen on " + ClusterLayout.HOST + ":" + listenPort + ": " + e.getMessage(), e);
        }
        FaultProxy proxy = new FaultProxy(new InetSocketAddress(ClusterLayout.HOST, targetPort), server, selector, baseDelay);
        if (!baseDelay.isZero()) {
            LOG.info("Network delay: every byte through {} -> {} held {} each way for the whole run", proxy.port(), targetPort,
                    millis(baseDelay.toNanos()));
        }
        proxy.thread.start();
        return proxy;
    }

    /** The port clients connect to. */
    int port() {
        return server.socket().getLocalPort();
    }

    /** Open client connections (each with its connection to the broker). */
    int connections() {
        return connections.get();
    }

    /** The delay each byte read now gets, in each direction. */
    Duration currentDelay() {
        return Duration.ofNanos(delay.nanosAt(System.nanoTime()));
    }

    /**
     * Holds every byte read from now on for {@code delayBy} in each direction, for {@code duration};
     * then bytes get the proxy's own delay again (zero unless it was started with one). Bytes
     * already on their way keep their time, and none overtakes another. Returns at once.
     */
    void delay(Duration delayBy, Duration duration) {
        delay(delayBy, delayBy, Duration.ZERO, duration);
    }

    /**
     * Holds every byte read from now on for a delay that goes linearly from {@code from} to {@code to} over a fault
     * of {@code elapsed + left}, of which {@code elapsed} is already over (a broker restarted during the fault joins
     * it where it is): after {@code left}, bytes get the proxy's own delay again. Bytes already on their way keep
     * their time, and none overtakes another (a shrinking delay holds later bytes behind earlier ones). Returns at once.
     */
    void delay(Duration from, Duration to, Duration elapsed, Duration left) {
        if (from.isNegative() || to.isNegative() || elapsed.isNegative() || left.isNegative() || left.isZero()) {
            throw new IllegalArgumentException("a network delay needs delays of 0 or more and a positive duration (got "
                    + from.toMillis() + " ms to " + to.toMillis() + " ms for " + left.toMillis() + " ms)");
        }
        long now = System.nanoTime();
        DelaySetting before = delay;
        delay = new DelaySetting(before.baseNanos(), new DelayRamp(from.toNanos(), to.toNanos(), now - elapsed.toNanos(),
                now + left.toNanos()));
        LOG.info("Network delay: every byte through {} -> {} held {}{} each way for {} ms ({} connection(s))", port(),
                target.getPort(), millis(delay.nanosAt(now)), from.equals(to) ? "" : " going to " + millis(to.toNanos()),
                left.toMillis(), connections.get());
        selector.wakeup(); // so the thread also wakes when the delay ends
    }

    private static String millis(long nanos) {
        return nanos % 1_000_000 == 0 ? nanos / 1_000_000 + " ms" : String.format(java.util.Locale.ROOT, "%.3f ms", nanos / 1e6);
    }

    boolean isFrozen() {
        return frozen && System.nanoTime() - frozenUntilNanos < 0;
    }

    /**
     * Stops all traffic for {@code duration} from now (a longer freeze already running is kept)
     * and returns once the I/O thread has stopped, so no byte moves after this returns until the
     * freeze ends. Thawing needs no further call.
     */
    void freeze(Duration duration) {
        if (duration.isNegative() || duration.isZero()) {
            return;
        }
        long until = System.nanoTime() + duration.toNanos();
        long generation;
        synchronized (freezeLock) {
            if (!isFrozen() || until - frozenUntilNanos > 0) {
                frozenUntilNanos = until;
            }
            frozen = true;
            generation = ++freezeGeneration;
            // Wakes the I/O thread if it is parked in an earlier freeze, so it acknowledges this one.
            freezeLock.notifyAll();
        }
        LOG.info("Network freeze: traffic through {} -> {} stopped for {} ms ({} connection(s) held open)",
                port(), target.getPort(), duration.toMillis(), connections.get());
        selector.wakeup();
        long deadline = System.nanoTime() + FREEZE_ACK_TIMEOUT.toNanos();
        synchronized (freezeLock) {
            while (running && isFrozen() && parkedGeneration < generation) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    LOG.warn("Network freeze: the proxy thread did not stop within {} ms", FREEZE_ACK_TIMEOUT.toMillis());
                    return;
                }
                timedWait(left);
            }
        }
    }

    @Override
    public void close() {
        running = false;
        synchronized (freezeLock) {
            freezeLock.notifyAll();
        }
        selector.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- the I/O thread

    private void run() {
        try {
            while (running) {
                awaitThaw();
                if (!running) {
                    break;
                }
                long wait = prepareWakeUps(System.nanoTime());
                if (wait < 0) {
                    selector.select();
                } else if (wait == 0) {
                    selector.selectNow();
                } else {
                    // Rounded up: a byte is never written before it is due.
                    selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(wait + 999_999)));
                }
                long now = System.nanoTime();
                Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey key = it.next();
                    it.remove();
                    if (!running || isFrozen()) {
                        // Keys are level-triggered: what is still ready is selected again after the thaw.
                        continue;
                    }
                    if (key.attachment() == null) {
                        accept(now);
                    } else {
                        ((Side) key.attachment()).connection.handle(key, now);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.error("Fault proxy on port {} failed: {}", port(), e.toString());
        } finally {
            closeAll();
        }
    }

    /**
     * Makes the connections whose held bytes have fallen due writable, and ends a delay fault that
     * is over. Returns how long the selector may sleep: nanoseconds until the next byte or the end
     * of the delay falls due, 0 for at once, -1 for until something happens.
     */
    private long prepareWakeUps(long now) {
        long next = Long.MAX_VALUE;
        DelaySetting setting = delay;
        if (setting.fault() != null) {
            if (setting.fault().untilNanos() - now <= 0) {
                delay = new DelaySetting(setting.baseNanos(), null);
                LOG.info("Network delay over: bytes through {} are held {} each way again", port(), millis(setting.baseNanos()));
            } else {
                next = setting.fault().untilNanos() - now;
            }
        }
        for (Iterator<Connection> it = waiting.iterator(); it.hasNext(); ) {
            Connection c = it.next();
            long due = c.closed ? Long.MAX_VALUE : c.updateInterest(now);
            if (due == Long.MAX_VALUE) {
                it.remove();
            } else {
                next = Math.min(next, Math.max(0, due - now));
            }
        }
        return next == Long.MAX_VALUE ? -1 : next;
    }

    /** Blocks while frozen; logs when traffic flows again. */
    private void awaitThaw() {
        synchronized (freezeLock) {
            if (!frozen) {
                return;
            }
            long start = System.nanoTime();
            parkedGeneration = freezeGeneration;
            freezeLock.notifyAll();
            while (running) {
                long left = frozenUntilNanos - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                // A freeze extended meanwhile counts as acknowledged too: this thread is parked.
                parkedGeneration = freezeGeneration;
                freezeLock.notifyAll();
                timedWait(left);
            }
            frozen = false;
            LOG.info("Network freeze over: traffic through {} flows again (stopped for {} ms)", port(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        }
    }

    /** Waits on {@link #freezeLock} (held by the caller) for at most {@code nanos}. */
    private void timedWait(long nanos) {
        try {
            TimeUnit.NANOSECONDS.timedWait(freezeLock, nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    private void accept(long now) throws IOException {
        SocketChannel client = server.accept();
        if (client == null) {
            return;
        }
        SocketChannel upstream = null;
        try {
            client.configureBlocking(false);
            // Kafka's own sockets run without Nagle; the proxy must not add its delay.
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            upstream = SocketChannel.open();
            upstream.configureBlocking(false);
            upstream.setOption(StandardSocketOptions.TCP_NODELAY, true);
            boolean connected = upstream.connect(target);
            new Connection(client, upstream, connected).afterIo(now);
        } catch (IOException e) {
            // E.g. the broker is not listening (yet): the client sees its connection closed and retries.
            LOG.debug("Fault proxy: cannot connect to {}: {}", target, e.toString());
            closeQuietly(client);
            closeQuietly(upstream);
        }
    }

    private void closeAll() {
        for (SelectionKey key : selector.keys()) {
            if (key.attachment() instanceof Side side) {
                side.connection.close();
            }
        }
        closeQuietly(server);
        try {
            selector.close();
        } catch (IOException ignored) {
            // best effort
        }
    }

    private static void closeQuietly(Channel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // best effort
        }
    }

    /** One end of a proxied connection. */
    private static final class Side {
        final Connection connection;
        final SocketChannel channel;
        final SelectionKey key;
        /** Bytes read from this side, on their way to the other. */
        final DelayLine inbound = new DelayLine();
        Side peer;
        boolean inputEnded;
        boolean outputShut;

        Side(Connection connection, SocketChannel channel, Selector selector) throws IOException {
            this.connection = connection;
            this.channel = channel;
            this.key = channel.register(selector, 0, this);
        }
    }

    /** How much one direction may hold before its sender is no longer read. */
    private static long capacity(long delayNanos) {
        return delayNanos > 0 ? DELAYED_BUFFER_BYTES : BUFFER_BYTES;
    }

    /** A client connection and the proxy's connection to the broker for it. */
    private final class Connection {
        final Side client;
        final Side upstream;
        boolean connected;
        boolean closed;

        Connection(SocketChannel clientChannel, SocketChannel upstreamChannel, boolean connected) throws IOException {
            this.client = new Side(this, clientChannel, selector);
            this.upstream = new Side(this, upstreamChannel, selector);
            client.peer = upstream;
            upstream.peer = client;
            this.connected = connected;
            connections.incrementAndGet();
        }

        void handle(SelectionKey key, long now) {
            if (closed) {
                return; // the other side's key, still in this round's selected set
            }
            Side side = (Side) key.attachment();
            try {
                if (key.isValid() && key.isConnectable() && side.channel.finishConnect()) {
                    connected = true;
                }
                if (key.isValid() && key.isReadable()) {
                    read(side, now);
                }
                if (key.isValid() && key.isWritable()) {
                    side.peer.inbound.drainTo(side.channel, now);
                }
                propagateEndOfInput(client);
                propagateEndOfInput(upstream);
                if (client.outputShut && upstream.outputShut) {
                    close();
                } else {
                    afterIo(now);
                }
            } catch (IOException | RuntimeException e) {
                // A reset or a refused connection on one side ends both, as it would end a direct connection.
                close();
            }
        }

        /** Reads what fits from {@code side} into its line, each byte due after the delay that holds now. */
        private void read(Side side, long now) throws IOException {
            long delayNanos = delay.nanosAt(now);
            long room = capacity(delayNanos) - side.inbound.heldBytes();
            if (room <= 0) {
                return;
            }
            readBuffer.clear().limit((int) Math.min(BUFFER_BYTES, room));
            if (side.channel.read(readBuffer) < 0) {
                side.inputEnded = true;
            }
            readBuffer.flip();
            side.inbound.add(readBuffer, now, delayNanos);
        }

        /** Once a side's input has ended and everything it sent is written, half-close toward its peer. */
        private void propagateEndOfInput(Side from) throws IOException {
            if (from.inputEnded && from.inbound.isEmpty() && !from.peer.outputShut) {
                from.peer.channel.shutdownOutput();
                from.peer.outputShut = true;
            }
        }

        /** Updates what to wait for; remembers the connection when it holds bytes that are not due yet. */
        void afterIo(long now) {
            if (updateInterest(now) != Long.MAX_VALUE) {
                waiting.add(this);
            }
        }

        /**
         * Sets the keys' interest from the lines' state at {@code now}: read a side while its line has
         * room, write a side while bytes for it are due.
         *
         * @return when the earliest byte held and not yet due falls due, or {@link Long#MAX_VALUE} for none
         */
        long updateInterest(long now) {
            if (closed) {
                return Long.MAX_VALUE;
            }
            if (!connected) {
                upstream.key.interestOps(SelectionKey.OP_CONNECT);
                client.key.interestOps(0);
                return Long.MAX_VALUE;
            }
            long capacity = capacity(delay.nanosAt(now));
            long nextDue = Long.MAX_VALUE;
            for (Side s : new Side[] {client, upstream}) {
                int ops = 0;
                if (!s.inputEnded && s.inbound.heldBytes() < capacity) {
                    ops |= SelectionKey.OP_READ;
                }
                DelayLine toS = s.peer.inbound;
                if (toS.hasDue(now)) {
                    if (!s.outputShut) {
                        ops |= SelectionKey.OP_WRITE;
                    }
                } else if (!toS.isEmpty()) {
                    nextDue = Math.min(nextDue, toS.nextDueNanos());
                }
                s.key.interestOps(ops);
            }
            return nextDue;
        }

        void close() {
            if (closed) {
                return;
            }
            closed = true;
            connections.decrementAndGet();
            client.key.cancel();
            upstream.key.cancel();
            closeQuietly(client.channel);
            closeQuietly(upstream.channel);
        }
    }
}
